import {
  countQueries,
  createWorld,
  startTestServer,
  type TestServer,
  testOrm,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { insertAppointment, orderBody } from './support/purchase-orders.js';
import { rowIdOf } from './support/record-rows.js';

describe('purchase order queries', () => {
  let server: TestServer;
  let world: World;

  before(async () => {
    server = await startTestServer();
    world = await createWorld(server);
    for (let i = 0; i < 12; i++) {
      const res = await world.as('admin').post(
        '/purchase_orders',
        orderBody({
          location_name: i % 2 ? 'Toronto DC' : null,
          purchase_order_items: [
            { product_name: 'Apples', quantity: 1, customer_name: `Customer ${i}` },
            { product_name: 'Bananas', quantity: 2, customer_name: 'Fresh Market' },
          ],
        }),
      );
      expect(res.status).to.equal(200);
      await insertAppointment(world, {
        location: 'toronto',
        orders: [res.body],
        scheduledAt: '2033-01-01T15:00:00Z',
        dock: 'Dock 1',
        carrier: 'Fast Freight',
      });
    }
  });
  after(() => server.close());

  it('reads a page in one statement besides the rate limit, whatever its size', async () => {
    const admin = world.as('admin');
    const statementsFor = async (query: Record<string, string | number>) => {
      let body: { purchase_order_items: unknown[]; appointments: unknown[] }[] = [];
      const count = await countQueries(async () => {
        const res = await admin.get('/purchase_orders', query);
        expect(res.status).to.equal(200);
        ({ body } = res);
      });
      return { count, body };
    };
    // The rate limit (with the directory version; tenant and token come from the cache), then
    // the page with its items, booked appointments and total: a query per order, or per kind
    // of nested record, would show at once.
    for (const perPage of [1, 12]) {
      const { count, body } = await statementsFor({ per_page: perPage });
      expect(body).to.have.length(perPage);
      for (const order of body) {
        expect(order.purchase_order_items).to.have.length(2);
        expect(order.appointments).to.have.length(1);
      }
      expect(count, `per_page ${perPage}`).to.equal(2);
    }
    // A filtered list counts its matches in the same statement.
    expect((await statementsFor({ per_page: 12, updated_since: '2000-01-01T00:00:00Z' })).count).to.equal(2);
    // A page with no rows carries no total, so it is read on its own.
    const past = await statementsFor({ per_page: 12, page: 3 });
    expect(past.body).to.deep.equal([]);
    expect(past.count).to.equal(3);
  });

  it('renders times stored to the microsecond as entities did: to the millisecond, nested ones too', async () => {
    const admin = world.as('admin');
    const all = (await admin.get('/purchase_orders', { per_page: 12 })).body as { id: number; location_name: string }[];
    const { id } = all.find((order) => order.location_name === 'Toronto DC')!;
    const row = await rowIdOf(world, 'purchase_orders', id);
    const execute = async (statement: string) =>
      (await testOrm()).em.getConnection().execute(statement.replaceAll(':id', String(row)));
    await execute(`update purchase_orders set created_at = '2033-01-02 03:04:05.678999+00',
      expected_starts_at = '2033-06-01 12:00:00.0009+00' where id = :id`);
    await execute(`update purchase_order_items set updated_at = '2033-01-02 03:04:05.000999+00'
      where purchase_order_id = :id`);
    await execute(`update appointments set scheduled_at = '2033-01-01 15:00:00.999999+00'
      where id in (select appointment_id from packing_lists where purchase_order_id = :id)`);
    const single = (await admin.get(`/purchase_orders/${id}`)).body;
    const listed = (await admin.get('/purchase_orders', { po_number: single.po_number })).body[0];
    for (const order of [single, listed]) {
      expect(order.created_at).to.equal('2033-01-01T22:04:05.678-05:00');
      expect(order.expected_starts_at).to.equal('2033-06-01T08:00:00-04:00');
      expect(order.purchase_order_items[0].updated_at).to.equal('2033-01-01T22:04:05-05:00');
      expect(order.appointments[0].scheduled_at).to.equal('2033-01-01T10:00:00.999-05:00');
      expect(order.appointments[0].ends_at).to.equal('2033-01-01T11:00:00.999-05:00');
    }
  });

  it('searches orders with booked appointments in a fixed number of queries too', async () => {
    const admin = world.as('admin');
    const small = await countQueries(() => admin.get('/purchase_orders/with_booked_appointments', { limit: 2 }));
    const large = await countQueries(() => admin.get('/purchase_orders/with_booked_appointments', { limit: 12 }));
    expect(large).to.equal(small);
  });
});
