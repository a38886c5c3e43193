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
});
