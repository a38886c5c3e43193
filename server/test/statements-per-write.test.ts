// Statements per write (issue 34): a new order with 10 items, and a change to one of an order's
// items, each send at most 6 statements in steady state, counted as the bench counts the floor's
// (bench/src/floor-writes.ts: the rate-limit write, BEGIN, the writes, COMMIT with the event in
// its round trip). They are counted on pg's Client#query, which every statement goes through.
import { expect } from 'chai';
import { recordQueries } from '../src/testing/database.js';
import type { TestServer } from '../src/testing/server.js';
import { startWorld, uniqueId, type World } from '../src/testing/world.js';
import { ok } from './support/events.js';

describe('statements per write', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  /** The bench's new order: 10 items at one warehouse. */
  const newOrder = () => ({
    purchase_order: {
      po_number: uniqueId('PO-'),
      location_name: 'Toronto DC',
      purchase_order_items: Array.from({ length: 10 }, (_, index) => ({
        product_name: index % 2 ? 'Apples' : 'Bananas',
        quantity: index + 1,
      })),
    },
  });

  it('POST /purchase_orders with 10 items sends at most 6 statements', async () => {
    const admin = world.as('admin');
    await ok(admin.post('/purchase_orders', newOrder()));
    let created: any;
    const sent = await recordQueries(async () => {
      created = await ok(admin.post('/purchase_orders', newOrder()));
    });
    expect(created.purchase_order_items).to.have.length(10);
    expect(sent, sent.join('\n')).to.have.length.at.most(6);
  });

  it('PATCH /purchase_orders/{id} changing one item sends at most 6 statements', async () => {
    const admin = world.as('admin');
    const order = await ok(admin.post('/purchase_orders', newOrder()));
    const item = order.purchase_order_items[3];
    const change = (quantity: number) => ({ purchase_order: { purchase_order_items: [{ id: item.id, quantity }] } });
    await ok(admin.patch(`/purchase_orders/${order.id}`, change(100)));
    let changed: any;
    const sent = await recordQueries(async () => {
      changed = await ok(admin.patch(`/purchase_orders/${order.id}`, change(101)));
    });
    expect(changed.purchase_order_items[3]).to.include({ id: item.id, quantity: 101 });
    expect(sent, sent.join('\n')).to.have.length.at.most(6);
  });

  it('DELETE /purchase_orders/{id} sends at most 6 statements', async () => {
    const admin = world.as('admin');
    const order = await ok(admin.post('/purchase_orders', newOrder()));
    const sent = await recordQueries(async () => {
      await ok(admin.delete(`/purchase_orders/${order.id}`), 204);
    });
    expect(sent, sent.join('\n')).to.have.length.at.most(6);
    expect((await admin.get(`/purchase_orders/${order.id}`)).status).to.equal(404);
  });

  it('a product sends at most 5 statements to be created or changed, and 6 to be deleted', async () => {
    const admin = world.as('admin');
    const product = () => ({
      product: { name: uniqueId('Pears '), sku: uniqueId('SKU-'), location_name: 'Toronto DC' },
    });
    await ok(admin.post('/products', product()));
    let created: any;
    const creating = await recordQueries(async () => {
      created = await ok(admin.post('/products', product()));
    });
    const changing = await recordQueries(async () => {
      await ok(admin.patch(`/products/${created.id}`, { product: { name: 'Green pears' } }));
    });
    const deleting = await recordQueries(async () => {
      await ok(admin.delete(`/products/${created.id}`), 204);
    });
    expect(creating, creating.join('\n')).to.have.length.at.most(5);
    expect(changing, changing.join('\n')).to.have.length.at.most(5);
    expect(deleting, deleting.join('\n')).to.have.length.at.most(6);
  });

  it('a company sends at most 5 statements to be created, and 6 to be changed or deleted', async () => {
    const admin = world.as('admin');
    const company = () => ({ company: { name: uniqueId('Haulers '), company_type: 'carrier' } });
    await ok(admin.post('/companies', company()));
    let created: any;
    const creating = await recordQueries(async () => {
      created = await ok(admin.post('/companies', company()));
    });
    const changing = await recordQueries(async () => {
      await ok(admin.patch(`/companies/${created.id}`, { company: { city: 'Toronto' } }));
    });
    const deleting = await recordQueries(async () => {
      await ok(admin.delete(`/companies/${created.id}`), 204);
    });
    expect(creating, creating.join('\n')).to.have.length.at.most(5);
    expect(changing, changing.join('\n')).to.have.length.at.most(6);
    expect(deleting, deleting.join('\n')).to.have.length.at.most(6);
  });

  // The write statements inline their values as literals (DECISIONS 391): text that looks like
  // SQL, quoting or placeholders is stored and answered as sent, on a create and on a change.
  it('stores quotes, backslashes, dollars and question marks in an order and its items exactly', async () => {
    const admin = world.as('admin');
    const text = (label: string) => `${label} O'Hara \\ "crate" \\n \\' $$ $1 ? ?? :x`;
    const body = newOrder();
    body.purchase_order.purchase_order_items[0]!.product_name = text('item');
    const created = await ok(
      admin.post('/purchase_orders', {
        purchase_order: { ...body.purchase_order, notes: text('notes'), reference_numbers: [text('ref')] },
      }),
    );
    expect(created).to.include({ notes: text('notes') });
    expect(created.reference_numbers).to.deep.equal([text('ref')]);
    expect(created.purchase_order_items[0]).to.include({ product_name: text('item') });
    const [first, second] = created.purchase_order_items;
    const changed = await ok(
      admin.patch(`/purchase_orders/${created.id}`, {
        purchase_order: {
          carrier_name: text('carrier'),
          purchase_order_items: [
            { id: first.id, product_name: text('changed') },
            { id: second.id, _destroy: true },
            { product_name: text('added'), quantity: 3 },
          ],
        },
      }),
    );
    expect(changed).to.include({ notes: text('notes'), carrier_name: text('carrier') });
    const names = changed.purchase_order_items.map((item: { product_name: string }) => item.product_name);
    expect(names).to.have.length(10);
    expect(names[0]).to.equal(text('changed'));
    expect(names.at(-1)).to.equal(text('added'));
    expect(changed).to.deep.equal(await ok(admin.get(`/purchase_orders/${created.id}`)));
  });
});
