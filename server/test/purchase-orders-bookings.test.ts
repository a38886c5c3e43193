import { eventually } from '@warehouse-kit/testing';
import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';
import { createOrder } from './support/purchase-orders.js';
import { rowIdOf } from './support/record-rows.js';

type Order = { id: number; po_number: string; location_name: string | null };

// `integration` is admin at Toronto, read-only at Vancouver and has no role at Auckland.
describe('booked purchase orders stay with their booking', () => {
  let server: TestServer;
  let world: World;

  before(async () => {
    ({ server, world } = await startWorld({
      // Every location has a product a packing list can name.
      shape: (organization) => ({
        ...organization,
        locations: organization.locations.map((location) => ({
          ...location,
          products: [...(location.products ?? []), { name: 'Kiwis', sku: 'KIW-1' }],
        })),
      }),
    }));
  });
  after(() => server.close());

  const create = async (fields: Record<string, unknown> = {}) =>
    (await createOrder(world.as('admin'), fields)) as Order;
  /** Books `order` at `location` as that warehouse would: an appointment with a time and a packing list naming it. */
  const book = async (order: Order, location: string, fields: Record<string, unknown> = {}) =>
    (await createAppointment(world.as('admin'), {
      location_name: location,
      scheduled_at: '2031-05-01T09:00:00',
      packing_lists: [{ po_number: order.po_number, product_name: 'Kiwis', quantity: 1 }],
      ...fields,
    })) as { id: number; state: string };
  const patch = (user: 'admin' | 'integration', id: number, fields: Record<string, unknown>) =>
    world.as(user).patch(`/purchase_orders/${id}`, { purchase_order: fields });
  const current = async (id: number) => (await world.as('admin').get(`/purchase_orders/${id}`)).body;

  describe('booked where the user has no role', () => {
    it('answers a move of an unassigned order booked there like an unknown order, and leaves it in place', async () => {
      const order = await create();
      const appointment = await book(order, 'Auckland DC');
      expect(appointment.state).to.equal('booked');
      const before = await current(order.id);

      const move = await patch('integration', order.id, { location_name: 'Toronto DC' });
      const unknown = await patch('integration', 2_000_000_000, { location_name: 'Toronto DC' });
      expect(move.status).to.equal(404);
      expect(unknown.status).to.equal(404);
      expect(Object.keys(move.body).sort()).to.deep.equal(Object.keys(unknown.body).sort());
      expect(move.body.error).to.equal(`purchase order ${order.id} not found`);
      expect(move.body.error).not.to.include('Auckland');
      expect(await current(order.id)).to.deep.equal(before);
    });

    it('answers PUT the same way', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      const res = await world
        .as('integration')
        .put(`/purchase_orders/${order.id}`, { purchase_order: { location_name: 'Toronto DC' } });
      expect(res.status).to.equal(404);
      expect((await current(order.id)).location_name).to.equal(null);
    });

    it('refuses to delete it, answering like an unknown order', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      const res = await world.as('integration').delete(`/purchase_orders/${order.id}`);
      expect(res.status).to.equal(404);
      expect(res.body.error).to.equal(`purchase order ${order.id} not found`);
      expect((await world.as('admin').get(`/purchase_orders/${order.id}`)).status).to.equal(200);
    });

    it('refuses to unassign an order at a writable location that is booked there', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      // An admin of both may put the booked order at Toronto; the user of Toronto alone may not take it back out.
      expect((await patch('admin', order.id, { location_name: 'Toronto DC' })).status).to.equal(200);
      const res = await patch('integration', order.id, { location_name: null });
      expect(res.status).to.equal(404);
      expect((await current(order.id)).location_name).to.equal('Toronto DC');
    });

    it('still lets the user edit the order without moving it', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      const res = await patch('integration', order.id, { notes: 'edited' });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ notes: 'edited', location_name: null });
    });

    it('lets the order go once the appointment there is cancelled', async () => {
      const order = await create();
      const appointment = await book(order, 'Auckland DC');
      const cancel = await world
        .as('admin')
        .patch(`/appointments/${appointment.id}`, { appointment: { state: 'cancelled' } });
      expect(cancel.status).to.equal(200);
      const res = await patch('integration', order.id, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Toronto DC');
    });

    it('counts an appointment still waiting for approval as a booking', async () => {
      const order = await create();
      const pending = await book(order, 'Auckland DC', { carrier_name: 'Careful Carriers' });
      expect(pending.state).to.equal('pending');
      expect((await patch('integration', order.id, { location_name: 'Toronto DC' })).status).to.equal(404);
    });
  });

  describe('booked where the user may only read', () => {
    it('refuses a move with 403 naming the booking location, and leaves the order in place', async () => {
      const order = await create();
      await book(order, 'Vancouver DC');
      const res = await patch('integration', order.id, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.include('Vancouver DC').and.include('read-only');
      expect((await current(order.id)).location_name).to.equal(null);
    });

    it('refuses a delete with 403', async () => {
      const order = await create();
      await book(order, 'Vancouver DC');
      expect((await world.as('integration').delete(`/purchase_orders/${order.id}`)).status).to.equal(403);
      expect((await world.as('admin').get(`/purchase_orders/${order.id}`)).status).to.equal(200);
    });
  });

  describe('booked where the user may write', () => {
    it('assigns the order to the location that booked it, and deletes it, as before', async () => {
      const order = await create();
      await book(order, 'Toronto DC');
      const moved = await patch('integration', order.id, { location_name: 'Toronto DC' });
      expect(moved.status).to.equal(200);
      expect(moved.body.appointments.map((a: { location_name: string }) => a.location_name)).to.deep.equal([
        'Toronto DC',
      ]);
      expect((await world.as('integration').delete(`/purchase_orders/${order.id}`)).status).to.equal(204);
    });

    it('lets an admin of every booking location move the order', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      await book(order, 'Vancouver DC');
      const res = await patch('admin', order.id, { location_name: 'Toronto DC' });
      expect(res.status).to.equal(200);
    });
  });

  describe('in bulk uploads', () => {
    const upload = (poNumber: string) =>
      world
        .as('integration', 'toronto')
        .post('/bulk_uploads', { bulk_upload: { purchase_orders: [{ po_number: poNumber }] } });

    it('answers a row for an order booked where the user has no role as for a number in use, and writes nothing', async () => {
      const order = await create();
      await book(order, 'Auckland DC');
      const res = await upload(order.po_number);
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ 'purchase_orders[0].po_number': ['has already been taken'] });
      expect((await current(order.id)).location_name).to.equal(null);
    });

    it('refuses the upload with 403 when the order is booked where the user may only read', async () => {
      const order = await create();
      await book(order, 'Vancouver DC');
      const res = await upload(order.po_number);
      expect(res.status).to.equal(403);
      expect(res.body.error).to.include('Vancouver DC');
      expect((await current(order.id)).location_name).to.equal(null);
    });
  });

  it('makes an appointment naming an order wait for a move in flight, and then refuses the order that left', async () => {
    const order = await create();
    const knex = (await testOrm()).em.getKnex();
    const toronto = await knex('locations')
      .where({ subdomain: `${world.id}-toronto` })
      .first('id');
    // A move of the order, locked and written but not yet committed, as the API's update holds it.
    const row = { id: await rowIdOf(world, 'purchase_orders', order.id) };
    const move = await knex.transaction();
    await move('purchase_orders').where(row).forUpdate().first('id');
    await move('purchase_orders').where(row).update({ location_id: toronto.id });
    const booking = world.as('admin').post('/appointments', {
      appointment: {
        location_name: 'Auckland DC',
        scheduled_at: '2031-05-01T09:00:00',
        packing_lists: [{ po_number: order.po_number, product_name: 'Kiwis', quantity: 1 }],
      },
    });
    const waiting = async () =>
      Number(
        (
          await knex.raw<{ rows: { count: string }[] }>(
            "select count(*) from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          )
        ).rows[0]!.count,
      );
    await eventually('the booking waiting for the lock', async () => (await waiting()) > 0 || undefined);
    await move.commit();
    const res = await booking;
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.keys('packing_lists[0].po_number');
  });
});
