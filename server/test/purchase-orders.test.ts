import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { PackingList } from '../src/entities/appointment.js';
import { PurchaseOrderItem } from '../src/entities/purchase-order.js';
import { createOrder, insertAppointment, orderBody } from './support/purchase-orders.js';
import { idsAhead } from './support/record-rows.js';

describe('purchase orders', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const create = (fields: Record<string, unknown> = {}, query?: Record<string, string>) =>
    createOrder(world.as('admin'), fields, query);

  describe('creating', () => {
    it('creates an unassigned order with every documented field, rendered in UTC', async () => {
      const res = await world.as('admin').post(
        '/purchase_orders',
        orderBody({
          po_number: '  PO-FULL-1 ',
          expected_starts_at: '2025-06-01T09:00:00',
          expected_ends_at: '2025-06-01T11:30:00Z',
          carrier_name: ' Fast Freight ',
          reference_numbers: ['REF-1', ' REF-2 '],
          notes: 'Leave at door 4',
          purchase_order_items: [{ product_name: ' Apples ', quantity: 12.5, customer_name: 'fresh market' }],
        }),
      );
      expect(res.status).to.equal(200);
      const order = res.body;
      expect(order).to.include({
        po_number: 'PO-FULL-1',
        location_name: null,
        expected_starts_at: '2025-06-01T09:00:00Z',
        expected_ends_at: '2025-06-01T11:30:00Z',
        earliest_assignment_date: null,
        carrier_name: 'Fast Freight',
        notes: 'Leave at door 4',
      });
      expect(order.id).to.be.a('number');
      expect(order.reference_numbers).to.deep.equal(['REF-1', 'REF-2']);
      expect(order.custom_values).to.deep.equal({});
      expect(order.appointments).to.deep.equal([]);
      expect(order.created_at).to.match(/Z$/).and.equal(order.updated_at);
      expect(order.purchase_order_items).to.have.length(1);
      expect(order.purchase_order_items[0]).to.include({
        product_name: 'Apples',
        quantity: 12.5,
        customer_name: 'Fresh Market',
        location_name: null,
      });
      expect(order.purchase_order_items[0].created_at).to.match(/Z$/);
    });

    it('assigns the order to the location named in the body, rendering it in that warehouse zone', async () => {
      const order = await create({
        location_name: ' vancouver dc ',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      });
      expect(order.location_name).to.equal('Vancouver DC');
      expect(order.created_at).to.match(/-0[78]:00$/);
      expect(order.purchase_order_items[0].location_name).to.equal('Vancouver DC');
      expect(order.purchase_order_items[0].created_at).to.match(/-0[78]:00$/);
      expect(order.earliest_assignment_date).to.match(/-0[78]:00$/);
    });

    it('assigns the order to the URL location when the body names none, on both interfaces', async () => {
      const byQuery = await create({}, { location_name: 'Toronto DC' });
      expect(byQuery.location_name).to.equal('Toronto DC');
      const res = await world.as('admin', 'auckland').post('/purchase_orders', orderBody());
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Auckland DC');
    });

    it('needs write access at the location it assigns to', async () => {
      const readOnly = await world
        .as('integration')
        .post('/purchase_orders', orderBody({ location_name: 'Vancouver DC' }));
      expect(readOnly.status).to.equal(403);
      expect(readOnly.body.error).to.include('read-only');
      const none = await world.as('integration').post('/purchase_orders', orderBody({ location_name: 'Auckland DC' }));
      expect(none.status).to.equal(403);
      const unknown = await world.as('integration').post('/purchase_orders', orderBody({ location_name: 'Atlantis' }));
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.include('Atlantis');
    });

    it('lets a user create unassigned orders without access to every warehouse', async () => {
      const res = await world.as('integration').post('/purchase_orders', orderBody());
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal(null);
    });

    it('rejects a po_number already used in the organization with 422, also under concurrent requests', async () => {
      const first = await create();
      const again = await world
        .as('admin')
        .post('/purchase_orders', orderBody({ po_number: first.po_number, location_name: 'Toronto DC' }));
      expect(again.status).to.equal(422);
      expect(again.body.errors).to.deep.equal({ po_number: ['has already been taken'] });

      const raced = uniqueId('PO-RACE-');
      const results = await Promise.all(
        [1, 2, 3].map(() => world.as('admin').post('/purchase_orders', orderBody({ po_number: raced }))),
      );
      expect(results.map((res) => res.status).sort()).to.deep.equal([200, 422, 422]);
      for (const res of results.filter((r) => r.status === 422))
        expect(res.body.errors.po_number).to.deep.equal(['has already been taken']);
    });

    it('allows the same po_number in another organization', async () => {
      const order = await create();
      const other = await createWorld(server);
      expect(
        (await other.as('admin').post('/purchase_orders', orderBody({ po_number: order.po_number }))).status,
      ).to.equal(200);
    });

    it('answers 422 for a missing or blank po_number, an unknown attribute and blank reference numbers', async () => {
      const admin = world.as('admin');
      const missing = await admin.post('/purchase_orders', { purchase_order: { notes: 'x' } });
      expect(missing.status).to.equal(422);
      expect(missing.body.errors.po_number).to.deep.equal(['is required']);
      const blank = await admin.post(
        '/purchase_orders',
        orderBody({ po_number: '   ', reference_numbers: ['ok', '  '] }),
      );
      expect(blank.status).to.equal(422);
      expect(blank.body.errors).to.deep.equal({
        po_number: ["can't be blank"],
        'reference_numbers[1]': ["can't be blank"],
      });
      const unknown = await admin.post(
        '/purchase_orders',
        orderBody({ colour: 'red', purchase_order_items: [{ product_name: 'A', quantity: 1, sku: 'X' }] }),
      );
      expect(unknown.status).to.equal(422);
      expect(unknown.body.errors).to.deep.equal({
        colour: ['is not a known attribute'],
        'purchase_order_items[0].sku': ['is not a known attribute'],
      });
    });

    it('answers 400 for a body without its wrapper, and 422 naming the field for wrong types and bad times', async () => {
      const admin = world.as('admin');
      const wrapper = await admin.post('/purchase_orders', { po_number: 'X' });
      expect(wrapper.status).to.equal(400);
      expect(wrapper.body.error).to.include('"purchase_order"');
      const wrongType = await admin.post(
        '/purchase_orders',
        orderBody({ purchase_order_items: [{ product_name: 'A', quantity: 'many' }] }),
      );
      expect(wrongType.status).to.equal(422);
      expect(wrongType.body.errors).to.deep.equal({ 'purchase_order_items[0].quantity': ['must be a number'] });
      for (const time of ['next tuesday', '2025-13-01T09:00:00', '2025-02-30T09:00:00', '2025-01-01T09:00:00+25:00']) {
        const refused = await admin.post('/purchase_orders', orderBody({ expected_starts_at: time }));
        expect(refused.status, time).to.equal(422);
        expect(Object.keys(refused.body.errors)).to.deep.equal(['expected_starts_at']);
      }
    });

    it('answers 422 naming the field for times outside the years the service can store and render', async () => {
      const admin = world.as('admin');
      for (const time of ['0000-01-01T00:00:00Z', '0099-06-01T00:00:00Z', '9999-12-31T23:59:59-12:00']) {
        const res = await admin.post('/purchase_orders', orderBody({ expected_ends_at: time }));
        expect(res.status, time).to.equal(422);
        expect(res.body.errors).to.deep.equal({ expected_ends_at: ['must be between 1000-01-02 and 9999-12-30'] });
      }
      expect((await admin.get('/purchase_orders', { start_time: '0000-01-01T00:00:00' })).status).to.equal(400);
      const edge = await admin.post(
        '/purchase_orders',
        orderBody({ location_name: 'Auckland DC', expected_starts_at: '9999-12-30T23:59:59Z' }),
      );
      expect(edge.status).to.equal(200);
      expect(edge.body.expected_starts_at).to.equal('9999-12-31T12:59:59+13:00');
    });

    it('requires product_name and quantity on new items and refuses ids and _destroy on create', async () => {
      // The create's item schema says so (DECISIONS 446), so each is refused as the schema words it.
      const res = await world.as('admin').post(
        '/purchase_orders',
        orderBody({
          purchase_order_items: [
            { quantity: 1 },
            { product_name: 'A' },
            { id: 5, product_name: 'A', quantity: 1 },
            { _destroy: false, product_name: 'A', quantity: 1 },
          ],
        }),
      );
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'purchase_order_items[0].product_name': ['is required'],
        'purchase_order_items[1].quantity': ['is required'],
        'purchase_order_items[2].id': ['is not allowed here'],
        'purchase_order_items[3]._destroy': ['is not allowed here'],
      });
      const blank = await world
        .as('admin')
        .post('/purchase_orders', orderBody({ purchase_order_items: [{ product_name: '  ', quantity: 1 }] }));
      expect(blank.status).to.equal(422);
      expect(blank.body.errors).to.deep.equal({ 'purchase_order_items[0].product_name': ["can't be blank"] });
      const zero = await world
        .as('admin')
        .post('/purchase_orders', orderBody({ purchase_order_items: [{ product_name: 'A', quantity: 0 }] }));
      expect(zero.status).to.equal(422);
      expect(zero.body.errors).to.have.all.keys('purchase_order_items[0].quantity');
    });

    it('writes nothing when a create is rejected', async () => {
      const admin = world.as('admin');
      const before = Number((await admin.get('/purchase_orders')).headers['total-count']);
      const res = await admin.post(
        '/purchase_orders',
        orderBody({
          purchase_order_items: [
            { product_name: 'A', quantity: 1, customer_name: 'Brand New Customer' },
            { quantity: 1 },
          ],
        }),
      );
      expect(res.status).to.equal(422);
      expect(Number((await admin.get('/purchase_orders')).headers['total-count'])).to.equal(before);
      expect((await admin.get('/companies', { name: 'Brand New Customer' })).body).to.deep.equal([]);
    });
  });

  describe('listing', () => {
    let po: Record<'toronto' | 'vancouver' | 'auckland' | 'unassigned', { id: number; po_number: string }>;

    before(async () => {
      po = {
        toronto: await create({ location_name: 'Toronto DC', expected_starts_at: '2030-01-10T08:00:00-05:00' }),
        vancouver: await create({ location_name: 'Vancouver DC', expected_starts_at: '2030-01-10T08:00:00-08:00' }),
        auckland: await create({ location_name: 'Auckland DC', expected_starts_at: '2030-01-10T08:00:00+13:00' }),
        unassigned: await create({ expected_starts_at: '2030-01-10T08:00:00Z' }),
      };
    });

    const ids = (body: { id: number }[]) => body.map((order) => order.id);

    it('lists the orders of every accessible location plus unassigned ones, by id', async () => {
      const res = await world.as('integration').get('/purchase_orders', { per_page: 100 });
      expect(res.status).to.equal(200);
      expect(ids(res.body))
        .to.include.members([po.toronto.id, po.vancouver.id, po.unassigned.id])
        .and.not.include(po.auckland.id);
      expect(ids(res.body)).to.deep.equal([...ids(res.body)].sort((a, b) => a - b));
      const all = await world.as('admin').get('/purchase_orders', { per_page: 100 });
      expect(ids(all.body)).to.include(po.auckland.id);
    });

    it('narrows to one location plus unassigned orders, on both interfaces', async () => {
      const res = await world.as('admin').get('/purchase_orders', { location_name: 'toronto dc', per_page: 100 });
      const locations = new Set(res.body.map((order: { location_name: string | null }) => order.location_name));
      expect([...locations]).to.have.members(['Toronto DC', null]);
      expect(ids(res.body)).to.include.members([po.toronto.id, po.unassigned.id]);
      const auckland = await world.as('admin', 'auckland').get('/purchase_orders', { per_page: 100 });
      expect(ids(auckland.body)).to.include.members([po.auckland.id, po.unassigned.id]).and.not.include(po.toronto.id);
    });

    it('answers 404 for an unknown location filter and 403 for an inaccessible one', async () => {
      expect((await world.as('admin').get('/purchase_orders', { location_name: 'Atlantis' })).status).to.equal(404);
      expect((await world.as('integration').get('/purchase_orders', { location_name: 'Auckland DC' })).status).to.equal(
        403,
      );
    });

    it('filters by exact po_number', async () => {
      const res = await world.as('admin').get('/purchase_orders', { po_number: po.vancouver.po_number });
      expect(ids(res.body)).to.deep.equal([po.vancouver.id]);
      expect(
        (await world.as('admin').get('/purchase_orders', { po_number: po.vancouver.po_number.slice(0, -1) })).body,
      ).to.deep.equal([]);
    });

    it('filters expected_starts_at by start_time and end_time inclusively', async () => {
      // Toronto 13:00Z, Vancouver 16:00Z, Auckland 2030-01-09 19:00Z, unassigned 08:00Z
      const res = await world
        .as('admin')
        .get('/purchase_orders', { start_time: '2030-01-10T13:00:00Z', end_time: '2030-01-10T16:00:00Z' });
      expect(ids(res.body)).to.deep.equal([po.toronto.id, po.vancouver.id]);
      const open = await world.as('admin').get('/purchase_orders', { end_time: '2030-01-10T08:00:00Z', per_page: 100 });
      expect(ids(open.body)).to.include.members([po.auckland.id, po.unassigned.id]).and.not.include(po.toronto.id);
    });

    it('filters by updated_since', async () => {
      const admin = world.as('admin');
      const future = await admin.get('/purchase_orders', { updated_since: '2999-01-01T00:00:00Z' });
      expect(future.body).to.deep.equal([]);
      const marker = new Date(Date.now() - 1000).toISOString();
      const touched = await admin.patch(`/purchase_orders/${po.vancouver.id}`, {
        purchase_order: { notes: 'touched' },
      });
      const res = await admin.get('/purchase_orders', { updated_since: marker, per_page: 100 });
      expect(ids(res.body)).to.include(touched.body.id);
    });

    it('answers 400 for an invalid time filter', async () => {
      for (const query of [
        { start_time: 'yesterday' },
        { end_time: '2030-13-01T00:00:00' },
        { updated_since: '2030-01-01' },
      ]) {
        const res = await world.as('admin').get('/purchase_orders', query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.error).to.include(Object.keys(query)[0]);
      }
    });

    it('pages with the pagination headers and a Link that keeps the caller-supplied filters', async () => {
      const res = await world
        .as('admin')
        .get('/purchase_orders', { per_page: 2, page: 2, location_name: 'Toronto DC' });
      expect(res.status).to.equal(200);
      expect(res.headers['current-page']).to.equal('2');
      expect(res.headers['page-items']).to.equal('2');
      expect(Number(res.headers['total-count'])).to.be.greaterThan(2);
      expect(res.headers.link)
        .to.include('rel="first"')
        .and.include('rel="prev"')
        .and.include('location_name=Toronto+DC');
      expect((await world.as('admin').get('/purchase_orders', { page: 999 })).body).to.deep.equal([]);
    });
  });

  describe('viewing', () => {
    it('shows an order by id, and 404 for an unknown id or another organization id', async () => {
      // Ids count per organization (DECISIONS 440): this order has an id the other one has none of.
      await idsAhead(world);
      const order = await create({ location_name: 'Toronto DC' });
      const res = await world.as('admin').get(`/purchase_orders/${order.id}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal(order);
      expect((await world.as('admin').get('/purchase_orders/99999999')).status).to.equal(404);
      const other = await createWorld(server);
      expect((await other.as('admin').get(`/purchase_orders/${order.id}`)).status).to.equal(404);
    });

    it('answers 403 on every purchase-order request of a user without admin access anywhere', async () => {
      const order = await create();
      expect((await world.as('viewer').get('/purchase_orders')).status).to.equal(403);
      expect((await world.as('viewer').get(`/purchase_orders/${order.id}`)).status).to.equal(403);
    });
  });

  describe('updating', () => {
    it('changes only the fields sent, by PATCH and by PUT', async () => {
      const order = await create({ location_name: 'Toronto DC', carrier_name: 'Fast Freight', notes: 'first' });
      const patched = await world
        .as('admin')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { notes: 'second', reference_numbers: ['R-9'] } });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.include({
        carrier_name: 'Fast Freight',
        notes: 'second',
        location_name: 'Toronto DC',
        po_number: order.po_number,
      });
      expect(patched.body.reference_numbers).to.deep.equal(['R-9']);
      const put = await world.as('admin').put(`/purchase_orders/${order.id}`, {
        purchase_order: { carrier_name: null, po_number: `${order.po_number}-B` },
      });
      expect(put.status).to.equal(200);
      expect(put.body).to.include({ carrier_name: null, notes: 'second', po_number: `${order.po_number}-B` });
    });

    it('refuses a po_number another order has, and accepts the order keeping its own', async () => {
      const a = await create();
      const b = await create();
      const clash = await world
        .as('admin')
        .patch(`/purchase_orders/${b.id}`, { purchase_order: { po_number: a.po_number } });
      expect(clash.status).to.equal(422);
      expect(clash.body.errors).to.deep.equal({ po_number: ['has already been taken'] });
      const same = await world
        .as('admin')
        .patch(`/purchase_orders/${a.id}`, { purchase_order: { po_number: a.po_number } });
      expect(same.status).to.equal(200);
    });

    it('updates items by id, removes them with _destroy, adds those without id and keeps the rest', async () => {
      const order = await create({
        purchase_order_items: [
          { product_name: 'Apples', quantity: 1 },
          { product_name: 'Bananas', quantity: 2 },
          { product_name: 'Cherries', quantity: 3 },
        ],
      });
      const [apples, bananas, cherries] = order.purchase_order_items;
      const res = await world.as('admin').patch(`/purchase_orders/${order.id}`, {
        purchase_order: {
          purchase_order_items: [
            { id: apples.id, quantity: 10 },
            { id: bananas.id, _destroy: true },
            { product_name: 'Dates', quantity: 4 },
          ],
        },
      });
      expect(res.status).to.equal(200);
      const items = res.body.purchase_order_items.map(
        (item: { id: number; product_name: string; quantity: number }) => [item.id, item.product_name, item.quantity],
      );
      expect(items.slice(0, 2)).to.deep.equal([
        [apples.id, 'Apples', 10],
        [cherries.id, 'Cherries', 3],
      ]);
      expect(items[2].slice(1)).to.deep.equal(['Dates', 4]);
      expect(res.body.purchase_order_items[0].updated_at).not.to.equal(apples.updated_at);
      expect(res.body.purchase_order_items[1].updated_at).to.equal(cherries.updated_at);
    });

    it('moves the order updated_at when only its items change', async () => {
      const order = await create({ purchase_order_items: [{ product_name: 'Apples', quantity: 1 }] });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const res = await world.as('admin').patch(`/purchase_orders/${order.id}`, {
        purchase_order: { purchase_order_items: [{ id: order.purchase_order_items[0].id, quantity: 2 }] },
      });
      expect(new Date(res.body.updated_at).getTime()).to.be.greaterThan(new Date(order.updated_at).getTime());
      const unchanged = await world.as('admin').patch(`/purchase_orders/${order.id}`, {
        purchase_order: { purchase_order_items: [{ id: order.purchase_order_items[0].id, quantity: 2 }] },
      });
      expect(unchanged.body.updated_at).to.equal(res.body.updated_at);
    });

    it('refuses an item id of another order, a repeated id and _destroy without id, changing nothing', async () => {
      const mine = await create({ purchase_order_items: [{ product_name: 'Apples', quantity: 1 }] });
      const theirs = await create({ purchase_order_items: [{ product_name: 'Bananas', quantity: 1 }] });
      const ownId = mine.purchase_order_items[0].id;
      const res = await world.as('admin').patch(`/purchase_orders/${mine.id}`, {
        purchase_order: {
          notes: 'should not stick',
          purchase_order_items: [
            { id: theirs.purchase_order_items[0].id, quantity: 5 },
            { id: ownId, quantity: 2 },
            { id: ownId, _destroy: true },
            { _destroy: true },
          ],
        },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'purchase_order_items[0].id': ['is not an item of this purchase order'],
        'purchase_order_items[2].id': ['is given more than once'],
        'purchase_order_items[3]._destroy': ['needs the id of the item to remove'],
      });
      const after = await world.as('admin').get(`/purchase_orders/${mine.id}`);
      expect(after.body).to.deep.equal(mine);
      expect((await world.as('admin').get(`/purchase_orders/${theirs.id}`)).body).to.deep.equal(theirs);
    });

    it('rejects a blank product_name on an existing item', async () => {
      const order = await create({ purchase_order_items: [{ product_name: 'Apples', quantity: 1 }] });
      const res = await world.as('admin').patch(`/purchase_orders/${order.id}`, {
        purchase_order: { purchase_order_items: [{ id: order.purchase_order_items[0].id, product_name: '   ' }] },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ 'purchase_order_items[0].product_name': ["can't be blank"] });
    });

    it('answers 400 for an id that is not a positive integer and 404 for an unknown one', async () => {
      expect((await world.as('admin').patch('/purchase_orders/abc', { purchase_order: {} })).status).to.equal(400);
      expect((await world.as('admin').patch('/purchase_orders/99999999', { purchase_order: {} })).status).to.equal(404);
    });
  });

  describe('deleting', () => {
    it('deletes an order and its items with 204, leaving packing lists its po_number as text', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      });
      await insertAppointment(world, { location: 'toronto', orders: [order], scheduledAt: '2030-02-01T15:00:00Z' });
      const res = await world.as('admin').delete(`/purchase_orders/${order.id}`);
      expect(res.status).to.equal(204);
      expect(res.body).to.equal(undefined);
      expect((await world.as('admin').get(`/purchase_orders/${order.id}`)).status).to.equal(404);
      const em = (await testOrm()).em.fork();
      expect(await em.count(PurchaseOrderItem, { purchaseOrderId: order.id })).to.equal(0);
      const lists = await em.find(PackingList, { poNumber: order.po_number });
      expect(lists.map((list) => [list.purchaseOrderId, list.poNumber])).to.deep.equal([[null, order.po_number]]);
    });

    it('needs write access at the order location; any admin may delete an unassigned order', async () => {
      const vancouver = await create({ location_name: 'Vancouver DC' });
      const auckland = await create({ location_name: 'Auckland DC' });
      const unassigned = await create();
      expect((await world.as('integration').delete(`/purchase_orders/${vancouver.id}`)).status).to.equal(403);
      expect((await world.as('integration').delete(`/purchase_orders/${auckland.id}`)).status).to.equal(404);
      expect((await world.as('integration').delete(`/purchase_orders/${unassigned.id}`)).status).to.equal(204);
      expect((await world.as('admin').get(`/purchase_orders/${vancouver.id}`)).status).to.equal(200);
    });

    it('answers 404 when the URL location does not hold the order', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      expect(
        (await world.as('admin').delete(`/purchase_orders/${order.id}`, { location_name: 'Vancouver DC' })).status,
      ).to.equal(404);
      expect((await world.as('admin', 'auckland').delete(`/purchase_orders/${order.id}`)).status).to.equal(404);
      expect(
        (await world.as('admin').delete(`/purchase_orders/${order.id}`, { location_name: 'Toronto DC' })).status,
      ).to.equal(204);
    });
  });
});
