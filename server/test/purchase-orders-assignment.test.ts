import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createOrder, orderBody } from './support/purchase-orders.js';

describe('purchase order assignment', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const create = async (fields: Record<string, unknown> = {}) => await createOrder(world.as('admin'), fields);
  const patch = (
    user: 'admin' | 'integration',
    id: number,
    fields: Record<string, unknown>,
    query?: Record<string, string>,
  ) => world.as(user).patch(`/purchase_orders/${id}`, { purchase_order: fields }, query);
  const current = async (id: number) => (await world.as('admin').get(`/purchase_orders/${id}`)).body;

  describe('the state machine', () => {
    it('assigns an unassigned order to a known location', async () => {
      const order = await create();
      const res = await patch('integration', order.id, { location_name: 'toronto dc ' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Toronto DC');
    });

    it('moves an assigned order to another location with write access at both', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const res = await patch('admin', order.id, { location_name: 'Auckland DC' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Auckland DC');
      expect(res.body.created_at).to.match(/\+1[23]:00$/);
    });

    for (const [label, value] of [
      ['null', null],
      ['an empty string', ''],
      ['only spaces', '   '],
    ] as const) {
      it(`unassigns an order when location_name is ${label}`, async () => {
        const order = await create({ location_name: 'Toronto DC' });
        const res = await patch('integration', order.id, { location_name: value });
        expect(res.status).to.equal(200);
        expect(res.body.location_name).to.equal(null);
        expect(res.body.created_at).to.match(/Z$/);
        expect(res.body.purchase_order_items).to.deep.equal([]);
      });
    }

    it('keeps the location when location_name is omitted', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const res = await patch('integration', order.id, { notes: 'kept' });
      expect(res.body).to.include({ location_name: 'Toronto DC', notes: 'kept' });
    });

    it('answers 404 for an unknown location name and changes nothing, also when other fields are valid', async () => {
      const order = await create({ location_name: 'Toronto DC', notes: 'before' });
      const res = await patch('admin', order.id, {
        location_name: 'Atlantis',
        notes: 'after',
        purchase_order_items: [{ product_name: 'A', quantity: 1 }],
      });
      expect(res.status).to.equal(404);
      expect(res.body.error).to.include('Atlantis');
      expect(await current(order.id)).to.deep.equal(order);
    });

    it('accepts the current location in the body as a no-op move', async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      const res = await patch('admin', order.id, { location_name: 'VANCOUVER DC' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Vancouver DC');
    });
  });

  describe('permissions', () => {
    it('refuses to move an order to a location the user cannot access (403), leaving it in place', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const res = await patch('integration', order.id, { location_name: 'Auckland DC' });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.include('Auckland DC');
      expect((await current(order.id)).location_name).to.equal('Toronto DC');
    });

    it('refuses to move an order out of a read-only location', async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      const res = await patch('integration', order.id, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.include('read-only').and.include('Vancouver DC');
      expect((await current(order.id)).location_name).to.equal('Vancouver DC');
    });

    it('refuses to unassign or edit an order at a read-only location', async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      expect((await patch('integration', order.id, { location_name: null })).status).to.equal(403);
      expect((await patch('integration', order.id, { notes: 'x' })).status).to.equal(403);
    });

    it('refuses to assign an unassigned order to a read-only location but allows a writable one', async () => {
      const order = await create();
      expect((await patch('integration', order.id, { location_name: 'Vancouver DC' })).status).to.equal(403);
      expect((await patch('integration', order.id, { location_name: 'Toronto DC' })).status).to.equal(200);
    });

    it('lets a read-only user view an order at that location', async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      const res = await world.as('integration').get(`/purchase_orders/${order.id}`);
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Vancouver DC');
    });

    it('answers 404 for orders at an inaccessible location on view, update and delete', async () => {
      const order = await create({ location_name: 'Auckland DC' });
      const integration = world.as('integration');
      expect((await integration.get(`/purchase_orders/${order.id}`)).status).to.equal(404);
      expect((await patch('integration', order.id, { location_name: 'Toronto DC' })).status).to.equal(404);
      expect((await integration.delete(`/purchase_orders/${order.id}`)).status).to.equal(404);
      expect(await current(order.id)).to.deep.equal(order);
    });

    it('answers 403 when the URL names a location the user cannot use for the request', async () => {
      const order = await create();
      expect(
        (await world.as('integration').get(`/purchase_orders/${order.id}`, { location_name: 'Auckland DC' })).status,
      ).to.equal(403);
      expect((await patch('integration', order.id, { notes: 'x' }, { location_name: 'Vancouver DC' })).status).to.equal(
        403,
      );
      expect(
        (await world.as('integration').get(`/purchase_orders/${order.id}`, { location_name: 'Vancouver DC' })).status,
      ).to.equal(200);
    });
  });

  describe('the URL location', () => {
    it('only narrows what can be found: an order elsewhere is 404, an unassigned one is found', async () => {
      const toronto = await create({ location_name: 'Toronto DC' });
      const unassigned = await create();
      const admin = world.as('admin');
      expect((await admin.get(`/purchase_orders/${toronto.id}`, { location_name: 'Vancouver DC' })).status).to.equal(
        404,
      );
      expect((await admin.get(`/purchase_orders/${toronto.id}`, { location_name: 'Toronto DC' })).status).to.equal(200);
      const found = await admin.get(`/purchase_orders/${unassigned.id}`, { location_name: 'Vancouver DC' });
      expect(found.status).to.equal(200);
      expect(found.body.location_name).to.equal(null);
      expect((await world.as('admin', 'auckland').get(`/purchase_orders/${toronto.id}`)).status).to.equal(404);
      expect((await world.as('admin', 'auckland').get(`/purchase_orders/${unassigned.id}`)).status).to.equal(200);
    });

    it('never moves an order by itself', async () => {
      const unassigned = await create();
      const res = await patch('admin', unassigned.id, { notes: 'still unassigned' }, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal(null);
      const onInterface = await world
        .as('admin', 'toronto')
        .patch(`/purchase_orders/${unassigned.id}`, { purchase_order: { notes: 'again' } });
      expect(onInterface.body.location_name).to.equal(null);
    });

    it('answers 400 when the URL and the body name different locations', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const res = await patch('admin', order.id, { location_name: 'Vancouver DC' }, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('differs');
      const onInterface = await world
        .as('admin', 'toronto')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { location_name: 'Auckland DC' } });
      expect(onInterface.status).to.equal(400);
      expect((await current(order.id)).location_name).to.equal('Toronto DC');
    });

    it('answers 400 when the URL names a location and the body unassigns, on both interfaces', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      for (const value of [null, '', '  ']) {
        const res = await patch('admin', order.id, { location_name: value }, { location_name: 'Toronto DC' });
        expect(res.status, JSON.stringify(value)).to.equal(400);
        expect(res.body.error).to.include('unassign');
      }
      const onInterface = await world
        .as('admin', 'toronto')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { location_name: null } });
      expect(onInterface.status).to.equal(400);
      const create400 = await world
        .as('admin')
        .post('/purchase_orders', orderBody({ location_name: null }), { location_name: 'Toronto DC' });
      expect(create400.status).to.equal(400);
      expect((await current(order.id)).location_name).to.equal('Toronto DC');
    });

    it(
      'accepts the same location in URL and body, which ' + 'assigns an unassigned order on the location interface',
      async () => {
        const order = await create();
        const res = await world
          .as('admin', 'toronto')
          .put(`/purchase_orders/${order.id}`, { purchase_order: { location_name: ' Toronto DC' } });
        expect(res.status).to.equal(200);
        expect(res.body.location_name).to.equal('Toronto DC');
      },
    );

    it('answers 400 when a location interface is given another location in the query', async () => {
      const order = await create();
      expect(
        (await world.as('admin', 'toronto').get(`/purchase_orders/${order.id}`, { location_name: 'Auckland DC' }))
          .status,
      ).to.equal(400);
    });
  });
});
