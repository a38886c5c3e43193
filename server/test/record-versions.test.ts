import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';
import { type SecondInstance, startSecondInstance } from './support/second-instance.js';

const withHeaders = (
  client: ApiClient,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => client.request(method, path, { body, headers });

describe('ETag, If-None-Match and If-Match on records (extension)', () => {
  let server: TestServer;
  let world: World;
  let second: SecondInstance;

  before(async () => {
    ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } }));
    second = await startSecondInstance();
  });
  after(async () => {
    await second.close();
    await server.close();
  });

  const createOrder = async () => {
    const res = await world.as('admin').post('/purchase_orders', {
      purchase_order: {
        po_number: uniqueId('PO-'),
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      },
    });
    expect(res.status).to.equal(200);
    return res;
  };

  it('gives created, read and updated records a strong ETag that changes with every write', async () => {
    const created = await createOrder();
    const id = created.body.id as number;
    expect(created.headers.etag).to.match(/^"\d+"$/);
    const read = await world.as('admin').get(`/purchase_orders/${id}`);
    expect(read.headers.etag).to.equal(created.headers.etag);
    const updated = await world.as('admin').patch(`/purchase_orders/${id}`, { purchase_order: { notes: 'dock 4' } });
    expect(updated.headers.etag).to.not.equal(read.headers.etag);
    expect((await world.as('admin').get(`/purchase_orders/${id}`)).headers.etag).to.equal(updated.headers.etag);
  });

  it('changes the ETag of an order when only its items change', async () => {
    const created = await createOrder();
    const itemId = created.body.purchase_order_items[0].id;
    const before = created.headers.etag;
    const updated = await world.as('admin').patch(`/purchase_orders/${created.body.id}`, {
      purchase_order: { purchase_order_items: [{ id: itemId, quantity: 5 }] },
    });
    const read = await world.as('admin').get(`/purchase_orders/${created.body.id}`);
    expect(read.body.purchase_order_items[0].quantity).to.equal(5);
    expect(read.headers.etag).to.not.equal(before);
    // The write's ETag is the version its items' triggers left, read with the order it answers.
    expect(updated.headers.etag).to.equal(read.headers.etag);
  });

  it('changes the ETag of an appointment when only its packing lists change', async () => {
    const created = await createAppointment(world.as('admin'), {
      location_name: 'Toronto DC',
      scheduled_at: '2025-07-01T09:00:00',
      packing_lists: [{ product_name: 'Apples', quantity: 3 }],
    });
    const path = `/appointments/${created.id}`;
    const before = (await world.as('admin').get(path)).headers.etag;
    const changed = await world.as('admin').patch(path, {
      appointment: { packing_lists: [{ id: created.packing_lists[0].id, quantity: 4 }] },
    });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    const read = await world.as('admin').get(path);
    expect(read.body.packing_lists[0].quantity).to.equal(4);
    expect(read.headers.etag).to.match(/^"\d+"$/);
    expect(read.headers.etag).to.not.equal(before);
  });

  it('answers 304 without a body to If-None-Match with the current ETag, and the record once it changed', async () => {
    const created = await createOrder();
    const path = `/purchase_orders/${created.body.id}`;
    // As fetch sends it: a conditional request carries Cache-Control: no-cache, which must not matter.
    const fresh = await withHeaders(world.as('admin'), 'GET', path, {
      'if-none-match': `"0", W/${created.headers.etag}`,
      'cache-control': 'no-cache',
    });
    expect(fresh.status).to.equal(304);
    expect(fresh.body).to.equal(undefined);
    await world.as('admin').patch(path, { purchase_order: { notes: 'changed' } });
    const stale = await withHeaders(world.as('admin'), 'GET', path, { 'if-none-match': created.headers.etag! });
    expect(stale.status).to.equal(200);
    expect(stale.body.notes).to.equal('changed');
  });

  it('refuses a write with an If-Match that no longer matches with 412 and the current ETag, writing nothing', async () => {
    const created = await createOrder();
    const path = `/purchase_orders/${created.body.id}`;
    const moved = await world.as('admin').patch(path, { purchase_order: { notes: 'first' } });
    const stale = await withHeaders(
      world.as('admin'),
      'PATCH',
      path,
      { 'if-match': created.headers.etag! },
      {
        purchase_order: { notes: 'second' },
      },
    );
    expect(stale.status).to.equal(412);
    expect(stale.headers.etag).to.equal(moved.headers.etag);
    expect(stale.body.error).to.include('If-Match');
    const gone = await withHeaders(world.as('admin'), 'DELETE', path, { 'if-match': created.headers.etag! });
    expect(gone.status).to.equal(412);
    const read = await world.as('admin').get(path);
    expect(read.body.notes).to.equal('first');
    const current = await withHeaders(world.as('admin'), 'DELETE', path, { 'if-match': `"0", ${read.headers.etag}` });
    expect(current.status).to.equal(204);
  });

  it('takes If-Match: * as any existing record, and still answers 404 for a missing one', async () => {
    const product = await world
      .as('admin', 'toronto')
      .post('/products', { product: { name: 'Pears', sku: uniqueId('S') } });
    const path = `/products/${product.body.id}`;
    const any = await withHeaders(
      world.as('admin'),
      'PUT',
      path,
      { 'if-match': '*' },
      { product: { name: 'Ripe pears' } },
    );
    expect(any.status).to.equal(200);
    expect(any.headers.etag).to.not.equal(product.headers.etag);
    const missing = await withHeaders(
      world.as('admin'),
      'PATCH',
      '/products/2147483000',
      { 'if-match': '*' },
      {
        product: { name: 'x' },
      },
    );
    expect(missing.status).to.equal(404);
  });

  it('never matches a weak tag, and refuses a malformed If-Match with 400', async () => {
    const company = await world
      .as('admin')
      .post('/companies', { company: { name: uniqueId('C '), company_type: 'carrier' } });
    const path = `/companies/${company.body.id}`;
    const weak = await withHeaders(
      world.as('admin'),
      'PATCH',
      path,
      { 'if-match': `W/${company.headers.etag}` },
      {
        company: { city: 'Oslo' },
      },
    );
    expect(weak.status).to.equal(412);
    for (const bad of ['0', '7', '"7', 'W/7', '"a" "b"']) {
      const res = await withHeaders(
        world.as('admin'),
        'PATCH',
        path,
        { 'if-match': bad },
        { company: { city: 'Oslo' } },
      );
      expect(res.status, bad).to.equal(400);
      expect(res.body.error).to.equal('header If-Match must look like "7"');
    }
    expect((await world.as('admin').get(path)).body.city).to.not.equal('Oslo');
  });

  it('reads a malformed If-Match before the body, as every documented header (DECISIONS 446)', async () => {
    const company = await world
      .as('admin')
      .post('/companies', { company: { name: uniqueId('C '), company_type: 'carrier' } });
    const path = `/companies/${company.body.id}`;
    const both = await withHeaders(world.as('admin'), 'PATCH', path, { 'if-match': '0' }, { company: { name: '' } });
    expect(both.status).to.equal(400);
    expect(both.body.error).to.equal('header If-Match must look like "7"');
  });

  it('reads a record as without the header when If-None-Match is malformed (DECISIONS 448)', async () => {
    const company = await world
      .as('admin')
      .post('/companies', { company: { name: uniqueId('C '), company_type: 'carrier' } });
    const path = `/companies/${company.body.id}`;
    for (const value of ['0', company.headers.etag!.slice(1), `${company.headers.etag}garbage`]) {
      const read = await withHeaders(world.as('admin'), 'GET', path, { 'if-none-match': value });
      expect(read.status, value).to.equal(200);
      expect(read.body.id).to.equal(company.body.id);
    }
  });

  it('answers 404, not 412, for a record the caller cannot see, whatever its If-Match', async () => {
    const order = await world.as('admin').post('/purchase_orders', {
      purchase_order: { po_number: uniqueId('PO-'), location_name: 'Auckland DC' },
    });
    const res = await withHeaders(
      world.as('integration'),
      'PATCH',
      `/purchase_orders/${order.body.id}`,
      {
        'if-match': '"0"',
      },
      { purchase_order: { notes: 'x' } },
    );
    expect([403, 404]).to.include(res.status);
    expect(res.headers.etag).to.equal(undefined);
  });

  it('gives two clients racing an update from one read, on two processes, one 200 and one 412, and loses nothing', async () => {
    const created = await createOrder();
    const path = `/purchase_orders/${created.body.id}`;
    const etag = created.headers.etag!;
    const [a, b] = await Promise.all([
      withHeaders(world.as('admin'), 'PATCH', path, { 'if-match': etag }, { purchase_order: { notes: 'from A' } }),
      withHeaders(
        second.as(world, 'admin'),
        'PATCH',
        path,
        { 'if-match': etag },
        {
          purchase_order: { carrier_name: 'from B' },
        },
      ),
    ]);
    expect([a.status, b.status].sort()).to.deep.equal([200, 412]);
    // The loser reads again and reapplies its change on the winner's version.
    const [loser, change] = a.status === 412 ? [a, { notes: 'from A' }] : [b, { carrier_name: 'from B' }];
    const retried = await withHeaders(
      world.as('admin'),
      'PATCH',
      path,
      { 'if-match': loser.headers.etag! },
      {
        purchase_order: change,
      },
    );
    expect(retried.status).to.equal(200);
    expect(retried.body.notes).to.equal('from A');
    expect(retried.body.carrier_name).to.equal('from B');
  });
});
