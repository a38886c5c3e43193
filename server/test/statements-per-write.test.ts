// Statements per write (issue 34, DECISIONS 390-395, 414, 415, 471, 494): a new order with 10
// items sends at most 5 statements in steady state, and a change to one of an order's items at
// most 6, each as many as the floor sends (bench/src/floor-writes.ts: the rate-limit write,
// BEGIN, the writes, the event, COMMIT); so do the other writes, each with its own bound. A write's events are a statement of their own since they are bind parameters (471);
// the order's read went into its write's statement (494). They are recorded as the list tests
// record them (recordQueries): the server's statements module publishes its own, BEGIN and COMMIT
// included (DECISIONS 495).

import type { TestServer } from '@warehouse-kit/testing/server';
import { recordQueries, startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { ok } from './support/events.js';
import { builtByTheOrm } from './support/orm-statements.js';

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

  it('POST /purchase_orders with 10 items sends at most 5 statements, as the floor does', async () => {
    const admin = world.as('admin');
    await ok(admin.post('/purchase_orders', newOrder()));
    let created: any;
    const sent = await recordQueries(async () => {
      created = await ok(admin.post('/purchase_orders', newOrder()));
    });
    expect(created.purchase_order_items).to.have.length(10);
    expect(sent, sent.join('\n')).to.have.length.at.most(5);
  });

  // A new order's number is not looked up when nothing else is wrong (DECISIONS 415).
  describe('a new order whose number is in use', () => {
    const lookup = /select 1 from purchase_orders where organization_id/;

    it('is refused by the unique index when nothing else is wrong, with the same 422, and nothing of it stays', async () => {
      const admin = world.as('admin');
      const taken = await ok(admin.post('/purchase_orders', newOrder()));
      const customer = uniqueId('Rolled Back ');
      let res: any;
      const sent = await recordQueries(async () => {
        res = await admin.post('/purchase_orders', {
          purchase_order: {
            po_number: taken.po_number,
            purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: customer }],
          },
        });
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ po_number: ['has already been taken'] });
      expect(sent.filter((statement) => lookup.test(statement))).to.deep.equal([]);
      // The customer the item named was created in the transaction the insert ended.
      expect(await ok(admin.get(`/companies?name=${encodeURIComponent(customer)}`))).to.deep.equal([]);
      expect((await admin.get(`/purchase_orders/${taken.id}`)).body).to.deep.equal(taken);
    });

    it('is looked up when something else is wrong, and named in its usual place among the faults', async () => {
      const admin = world.as('admin');
      const taken = await ok(admin.post('/purchase_orders', newOrder()));
      const res = await admin.post('/purchase_orders', {
        purchase_order: {
          po_number: taken.po_number,
          expected_starts_at: '2031-01-02T10:00:00Z',
          expected_ends_at: '2031-01-01T10:00:00Z',
          reference_numbers: ['R-1', ' '],
        },
      });
      expect(res.status).to.equal(422);
      expect(JSON.stringify(res.body.errors)).to.equal(
        JSON.stringify({
          expected_ends_at: ['must not be before expected_starts_at'],
          po_number: ['has already been taken'],
          'reference_numbers[1]': ["can't be blank"],
        }),
      );
      const free = await admin.post('/purchase_orders', {
        purchase_order: { po_number: uniqueId('PO-'), reference_numbers: [' '] },
      });
      expect(JSON.stringify(free.body.errors)).to.equal(JSON.stringify({ 'reference_numbers[0]': ["can't be blank"] }));
    });
  });

  it('PATCH /purchase_orders/{id} changing one item sends at most 6 statements, as the floor does', async () => {
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

  // One statement writes the order and its items and answers them (DECISIONS 494): the items as
  // it leaves them, and the version its row returns, which the items' triggers leave as it is.
  it('removes, changes and adds items and writes the order in one statement, answering what a read shows, ETag included', async () => {
    const admin = world.as('admin');
    const order = await ok(admin.post('/purchase_orders', newOrder()));
    const [removed, changed] = order.purchase_order_items;
    let res: any;
    const sent = await recordQueries(async () => {
      res = await admin.patch(`/purchase_orders/${order.id}`, {
        purchase_order: {
          notes: 'dock 4',
          purchase_order_items: [
            { id: removed.id, _destroy: true },
            { id: changed.id, quantity: 99 },
            { product_name: 'Cherries', quantity: 2 },
          ],
        },
      });
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const items = res.body.purchase_order_items;
    expect(items.map((item: any) => item.id)).to.not.include(removed.id);
    expect(items.find((item: any) => item.id === changed.id)).to.include({ quantity: 99 });
    expect(items.at(-1)).to.include({ product_name: 'Cherries', quantity: 2 });
    expect(items).to.have.length(10);
    const read = await admin.get(`/purchase_orders/${order.id}`);
    expect(res.body).to.deep.equal(read.body);
    expect(res.headers.etag).to.equal(read.headers.etag);
    const writes = sent.filter((statement) => /(update|insert into|delete from) purchase_order/.test(statement));
    expect(writes, writes.join('\n')).to.have.length(1);
    expect(writes[0]).to.match(/delete from purchase_order_items/);
    expect(writes[0]).to.match(/update purchase_orders/);
  });

  it('DELETE /purchase_orders/{id} sends at most 7 statements', async () => {
    const admin = world.as('admin');
    const order = await ok(admin.post('/purchase_orders', newOrder()));
    const sent = await recordQueries(async () => {
      await ok(admin.delete(`/purchase_orders/${order.id}`), 204);
    });
    expect(sent, sent.join('\n')).to.have.length.at.most(7);
    expect((await admin.get(`/purchase_orders/${order.id}`)).status).to.equal(404);
  });

  /**
   * The statements of creating a record of `collection` (after a first create, so that caches
   * are warm), changing it and deleting it, each at most as many as `most` says.
   */
  const createChangeDelete = (
    collection: string,
    body: () => object,
    change: object,
    most: { create: number; change: number; delete: number },
  ) =>
    it(`${collection}: at most ${most.create} statements to create, ${most.change} to change, ${most.delete} to delete, none built by the ORM to create or change`, async () => {
      const admin = world.as('admin');
      await ok(admin.post(collection, body()));
      let id: number | undefined;
      const sent = {
        create: await recordQueries(async () => {
          ({ id } = await ok(admin.post(collection, body())));
        }),
        change: await recordQueries(() => ok(admin.patch(`${collection}/${id}`, change))),
        delete: await recordQueries(() => ok(admin.delete(`${collection}/${id}`), 204)),
      };
      for (const write of ['create', 'change', 'delete'] as const)
        expect(sent[write], sent[write].join('\n')).to.have.length.at.most(most[write]);
      expect(builtByTheOrm([...sent.create, ...sent.change])).to.deep.equal([]);
    });

  createChangeDelete(
    '/products',
    () => ({ product: { name: uniqueId('Pears '), sku: uniqueId('SKU-'), location_name: 'Toronto DC' } }),
    { product: { name: 'Green pears' } },
    { create: 6, change: 6, delete: 7 },
  );
  createChangeDelete(
    '/companies',
    () => ({ company: { name: uniqueId('Haulers '), company_type: 'carrier' } }),
    { company: { city: 'Toronto' } },
    { create: 6, change: 7, delete: 7 },
  );

  it('an appointment with a packing list sends at most 10 statements to be created, and 6 to change a list, none built by the ORM', async () => {
    const admin = world.as('admin');
    const order = await ok(admin.post('/purchase_orders', newOrder()));
    const appointment = () => ({
      appointment: {
        location_name: 'Toronto DC',
        scheduled_at: '2033-02-01T10:00:00',
        dock_name: 'Dock 1',
        carrier_name: 'Fast Freight',
        customer_name: 'Fresh Market',
        packing_lists: [{ product_name: 'Apples', quantity: 3, po_number: order.po_number }],
      },
    });
    await ok(admin.post('/appointments', appointment()));
    let created: any;
    const creating = await recordQueries(async () => {
      created = await ok(admin.post('/appointments', appointment()));
    });
    const [list] = created.packing_lists;
    let changed: any;
    const changing = await recordQueries(async () => {
      changed = await ok(
        admin.patch(`/appointments/${created.id}`, { appointment: { packing_lists: [{ id: list.id, quantity: 5 }] } }),
      );
    });
    expect(changed.packing_lists[0]).to.include({ id: list.id, quantity: 5 });
    expect(changed).to.deep.equal(await ok(admin.get(`/appointments/${created.id}`)));
    // Each write's ETag is the version its row returned, which the lists' triggers left as it is.
    const path = `/appointments/${created.id}`;
    const written = await admin.patch(path, {
      appointment: {
        packing_lists: [
          { id: list.id, _destroy: true },
          { product_name: 'Bananas', quantity: 1 },
        ],
      },
    });
    const read = await admin.get(path);
    expect(written.body).to.deep.equal(read.body);
    expect(written.body.packing_lists).to.have.length(1);
    expect(written.headers.etag).to.equal(read.headers.etag);
    const another = await admin.post('/appointments', appointment());
    expect(another.headers.etag).to.equal((await admin.get(`/appointments/${another.body.id}`)).headers.etag);
    expect(creating, creating.join('\n')).to.have.length.at.most(10);
    expect(changing, changing.join('\n')).to.have.length.at.most(6);
    // Its dock, companies, products and orders are looked up as rows too (issue 34).
    expect(builtByTheOrm([...creating, ...changing])).to.deep.equal([]);
  });

  // The write statements' values travel as JSON parameters (DECISIONS 391, 414): text that looks
  // like SQL, quoting or placeholders is stored and answered as sent, on a create and on a change.
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
