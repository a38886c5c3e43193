import { expect } from 'chai';
import { countQueries } from '../src/testing/database.js';
import { startTestServer, type TestServer } from '../src/testing/server.js';
import { createWorld, type World } from '../src/testing/world.js';
import { insertAppointment, orderBody } from './support/purchase-orders.js';

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

  it('sends the queries for a page in a fixed number whatever its size', async () => {
    const admin = world.as('admin');
    const small = await countQueries(() => admin.get('/purchase_orders', { per_page: 2 }));
    const large = await countQueries(() => admin.get('/purchase_orders', { per_page: 12 }));
    expect(large).to.equal(small);
    // the rate limit (with the directory version; tenant and token come from the cache), page,
    // count, items with their customers, booked appointments with their docks and carriers:
    // a per-order query would show at once.
    expect(large).to.equal(5);
  });

  it('searches orders with booked appointments in a fixed number of queries too', async () => {
    const admin = world.as('admin');
    const small = await countQueries(() => admin.get('/purchase_orders/with_booked_appointments', { limit: 2 }));
    const large = await countQueries(() => admin.get('/purchase_orders/with_booked_appointments', { limit: 12 }));
    expect(large).to.equal(small);
  });
});
