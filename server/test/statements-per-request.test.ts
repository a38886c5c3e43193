// Statements per request in steady state (DECISIONS 260): once a token and its tenant are
// cached, a list sends at most three statements (the rate limit with the directory version,
// the page, the count) and an item GET at most two (the rate limit, the record). The
// statements are recorded on the pool, so a query the ORM adds behind a handler's back shows.

import type { TestServer } from '@warehouse-kit/testing/server';
import { recordQueries, startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';
import { ok, readEvents } from './support/events.js';
import { createOrder, insertAppointment } from './support/purchase-orders.js';

describe('statements per request', () => {
  let server: TestServer;
  let world: World;
  const ids: Record<string, number | string> = {};

  before(async () => {
    ({ server, world } = await startWorld({ config: { webhookAllowPrivate: true } }));
    const admin = world.as('admin');
    const products = await ok(admin.get('/products'));
    ids.product = products[0].id;
    const companies = await ok(admin.get('/companies'));
    ids.company = companies[0].id;
    const order = await createOrder(admin, {
      location_name: 'Toronto DC',
      purchase_order_items: [
        { product_name: 'Apples', quantity: 1, customer_name: 'Fresh Market' },
        { product_name: 'Bananas', quantity: 2, customer_name: 'Fresh Market' },
      ],
    });
    ids.order = order.id;
    await insertAppointment(world, {
      location: 'toronto',
      orders: [order],
      scheduledAt: '2033-01-01T15:00:00Z',
      dock: 'Dock 1',
      carrier: 'Fast Freight',
    });
    const appointment = await createAppointment(admin, {
      location_name: 'Toronto DC',
      scheduled_at: '2033-02-01T10:00:00',
      dock_name: 'Dock 1',
      carrier_name: 'Fast Freight',
      customer_name: 'Fresh Market',
      packing_lists: [{ product_name: 'Apples', quantity: 3 }],
    });
    ids.appointment = appointment.id;
    // The oldest kept event, once the feed shows one (another worker's open transaction may hold it back).
    const [event] = await readEvents(admin, undefined, 1);
    ids.event = event!.id;
    // Deliveries to list: a recovery queues one per event, with no process sending them here.
    const hook = await ok(admin.post('/webhook_endpoints', { webhook_endpoint: { url: 'http://127.0.0.1:9/hook' } }));
    await ok(admin.post(`/webhook_endpoints/${hook.id}/recover`, { recovery: { since: '2000-01-01T00:00:00Z' } }));
    ids.hook = hook.id;
  });
  after(() => server.close());

  /** The statements of a request sent a second time, once its token and tenant are cached. */
  const steady = async (path: string, query?: Record<string, string | number>) => {
    const admin = world.as('admin');
    await ok(admin.get(path, query));
    let body: unknown;
    const sent = await recordQueries(async () => {
      body = await ok(admin.get(path, query));
    });
    return { sent, body };
  };

  const lists: [string, Record<string, string | number>?][] = [
    ['/products'],
    ['/products', { location_name: 'Toronto DC', name: 'app' }],
    ['/companies'],
    ['/companies', { company_type: 'carrier' }],
    ['/appointments'],
    ['/appointments', { location_name: 'Toronto DC', state: 'booked' }],
    ['/purchase_orders'],
    ['/purchase_orders', { location_name: 'Toronto DC' }],
    ['/purchase_orders/with_booked_appointments'],
  ];
  for (const [path, query] of lists) {
    it(`GET ${path}${query ? ` ${JSON.stringify(query)}` : ''} sends at most 3 statements`, async () => {
      const { sent, body } = await steady(path, query);
      expect(body).to.not.be.empty;
      expect(sent, sent.join('\n')).to.have.length.at.most(3);
    });
  }

  // A page with no rows cannot carry its total as a column, so it asks for it on its own
  // (DECISIONS 264): still at most 3 statements, and the same Total-Count as a page with rows.
  for (const [path, query] of lists) {
    it(`GET ${path}${query ? ` ${JSON.stringify(query)}` : ''} past its last page keeps its Total-Count`, async () => {
      const admin = world.as('admin');
      const first = await admin.get(path, query);
      expect(Number(first.headers['total-count'])).to.be.greaterThan(0);
      const beyond = path.endsWith('with_booked_appointments') ? { offset: 10_000 } : { page: 10_000 };
      await ok(admin.get(path, { ...query, ...beyond }));
      let empty: Awaited<ReturnType<typeof admin.get>> | undefined;
      const sent = await recordQueries(async () => {
        empty = await admin.get(path, { ...query, ...beyond });
      });
      expect(empty!.body).to.deep.equal([]);
      expect(empty!.headers['total-count']).to.equal(first.headers['total-count']);
      expect(sent, sent.join('\n')).to.have.length.at.most(3);
    });
  }

  it("writes of an order read their ETag's version with the order they answer, and custom fields once", async () => {
    const admin = world.as('admin');
    let created: Awaited<ReturnType<typeof createOrder>> | undefined;
    const creating = await recordQueries(async () => {
      created = await createOrder(admin, {
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      });
    });
    const [item] = created!.purchase_order_items;
    let etag: string | undefined;
    const changing = await recordQueries(async () => {
      const changed = await admin.patch(`/purchase_orders/${created!.id}`, {
        purchase_order: { purchase_order_items: [{ id: item.id, quantity: 9 }] },
      });
      etag = changed.headers.etag;
    });
    for (const sent of [creating, changing]) {
      expect(
        sent.filter((statement) => /^select version from/.test(statement)),
        sent.join('\n'),
      ).to.be.empty;
      // Toronto's custom fields were read by the first order written there, and kept (DECISIONS 295).
      expect(
        sent.filter((statement) => /custom_field/.test(statement)),
        sent.join('\n'),
      ).to.be.empty;
    }
    expect(etag).to.equal((await admin.get(`/purchase_orders/${created!.id}`)).headers.etag);
  });

  it('GET /webhook_endpoints/{id}/deliveries sends at most 3 statements', async () => {
    const { sent, body } = await steady(`/webhook_endpoints/${ids.hook}/deliveries`);
    expect(body).to.not.be.empty;
    expect(sent, sent.join('\n')).to.have.length.at.most(3);
  });

  const items: [string, string][] = [
    ['/products', 'product'],
    ['/companies', 'company'],
    ['/appointments', 'appointment'],
    ['/purchase_orders', 'order'],
    ['/events', 'event'],
  ];
  for (const [collection, key] of items) {
    it(`GET ${collection}/{id} sends at most 2 statements`, async () => {
      const { sent, body } = await steady(`${collection}/${ids[key]}`);
      expect(body).to.include({ id: ids[key] });
      expect(sent, sent.join('\n')).to.have.length.at.most(2);
    });
  }
});
