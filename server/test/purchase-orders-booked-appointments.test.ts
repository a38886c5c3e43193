import { createWorld, startTestServer, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createOrder, insertAppointment } from './support/purchase-orders.js';

type Order = { id: number; po_number: string };
type Rendered = { id: number; appointments: { id: number; location_name: string }[] };

describe('purchase orders with booked appointments', () => {
  let server: TestServer;
  let world: World;
  /**
   * a: Toronto, booked at Toronto. b: unassigned, booked at Vancouver and at Auckland.
   * c: Toronto, only pending and cancelled appointments. d: unassigned, booked only at
   * Auckland. e: Auckland, booked there. f: Toronto, no appointments. g: Vancouver, started.
   * h: booked at Toronto, then moved to Auckland.
   */
  const po = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h', Order>;
  const appointment = {} as Record<'a' | 'bVancouver' | 'bAuckland' | 'h', number>;

  const create = async (fields: Record<string, unknown> = {}) =>
    (await createOrder(world.as('admin'), fields)) as Order;

  before(async () => {
    server = await startTestServer();
    world = await createWorld(server);
    po.a = await create({ location_name: 'Toronto DC' });
    po.b = await create();
    po.c = await create({ location_name: 'Toronto DC' });
    po.d = await create();
    po.e = await create({ location_name: 'Auckland DC' });
    po.f = await create({ location_name: 'Toronto DC' });
    po.g = await create({ location_name: 'Vancouver DC' });
    po.h = await create({ location_name: 'Toronto DC' });
    appointment.a = await insertAppointment(world, {
      location: 'toronto',
      orders: [po.a],
      scheduledAt: '2032-03-01T15:00:00Z',
      dock: 'Dock 1',
      carrier: 'Fast Freight',
    });
    appointment.bVancouver = await insertAppointment(world, {
      location: 'vancouver',
      orders: [po.b],
      scheduledAt: '2032-03-02T18:00:00Z',
      state: 'completed',
    });
    appointment.bAuckland = await insertAppointment(world, {
      location: 'auckland',
      orders: [po.b],
      scheduledAt: '2032-03-05T00:00:00Z',
      duration: 90,
    });
    await insertAppointment(world, {
      location: 'toronto',
      orders: [po.c],
      scheduledAt: '2032-03-01T15:00:00Z',
      state: 'pending',
    });
    await insertAppointment(world, {
      location: 'toronto',
      orders: [po.c],
      scheduledAt: '2032-03-01T15:00:00Z',
      state: 'cancelled',
    });
    await insertAppointment(world, { location: 'auckland', orders: [po.d], scheduledAt: '2032-03-04T00:00:00Z' });
    await insertAppointment(world, {
      location: 'auckland',
      orders: [po.e],
      scheduledAt: '2032-03-10T00:00:00Z',
      state: 'left',
    });
    await insertAppointment(world, {
      location: 'vancouver',
      orders: [po.g],
      scheduledAt: '2032-03-03T18:00:00Z',
      state: 'started',
    });
    appointment.h = await insertAppointment(world, {
      location: 'toronto',
      orders: [po.h],
      scheduledAt: '2032-03-06T15:00:00Z',
      state: 'arrived',
    });
    expect(
      (
        await world
          .as('admin')
          .patch(`/purchase_orders/${po.h.id}`, { purchase_order: { location_name: 'Auckland DC' } })
      ).status,
    ).to.equal(200);
  });
  after(() => server.close());

  const search = (query: Record<string, string | number> = {}, user: 'admin' | 'integration' = 'admin') =>
    world.as(user).get('/purchase_orders/with_booked_appointments', query);
  const ids = (body: Rendered[]) => body.map((order) => order.id);
  const appointmentsOf = (body: Rendered[], order: Order) =>
    body.find((o) => o.id === order.id)?.appointments.map((a) => a.id);

  it('finds the orders with a booked appointment, by id, with their booked appointments nested', async () => {
    const res = await search();
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.deep.equal([po.a.id, po.b.id, po.d.id, po.e.id, po.g.id, po.h.id]);
    expect(res.headers['total-count']).to.equal('6');
    expect(appointmentsOf(res.body, po.b)).to.deep.equal([appointment.bVancouver, appointment.bAuckland]);
    expect(appointmentsOf(res.body, po.h)).to.deep.equal([appointment.h]);
  });

  it('ignores appointments at inaccessible locations and orders the user cannot see', async () => {
    const res = await search({}, 'integration');
    expect(ids(res.body)).to.deep.equal([po.a.id, po.b.id, po.g.id]);
    expect(res.headers['total-count']).to.equal('3');
    expect(appointmentsOf(res.body, po.b)).to.deep.equal([appointment.bVancouver]);
  });

  it('does not let an inaccessible appointment satisfy the time filters', async () => {
    const window = { start_time: '2032-03-04T12:00:00Z', end_time: '2032-03-05T12:00:00Z' };
    expect(ids((await search(window)).body)).to.deep.equal([po.b.id]);
    expect((await search(window, 'integration')).body).to.deep.equal([]);
  });

  it('filters on start times only: an appointment running past end_time still counts', async () => {
    // a's appointment runs 15:00-16:00Z.
    expect(
      ids((await search({ start_time: '2032-03-01T15:00:00Z', end_time: '2032-03-01T15:30:00Z' })).body),
    ).to.deep.equal([po.a.id]);
    expect((await search({ start_time: '2032-03-01T15:30:00Z', end_time: '2032-03-01T23:00:00Z' })).body).to.deep.equal(
      [],
    );
  });

  it("reads offset-less filters in the query location's zone, otherwise UTC", async () => {
    const local = { start_time: '2032-03-01T10:00:00', end_time: '2032-03-01T10:00:00' };
    expect(ids((await search({ ...local, location_name: 'Toronto DC' })).body)).to.deep.equal([po.a.id]);
    expect((await search(local)).body).to.deep.equal([]);
  });

  it("limits to a location's orders plus unassigned ones", async () => {
    expect(ids((await search({ location_name: 'toronto dc' })).body)).to.deep.equal([po.a.id, po.b.id, po.d.id]);
    expect(ids((await search({ location_name: 'Vancouver DC' }, 'integration')).body)).to.deep.equal([
      po.b.id,
      po.g.id,
    ]);
  });

  it('answers 404 for an unknown location and 403 for an inaccessible one', async () => {
    expect((await search({ location_name: 'Atlantis' })).status).to.equal(404);
    expect((await search({ location_name: 'Auckland DC' }, 'integration')).status).to.equal(403);
    expect((await world.as('viewer').get('/purchase_orders/with_booked_appointments')).status).to.equal(403);
  });

  it('on a location interface sees only that location’s appointments', async () => {
    const res = await world.as('admin', 'toronto').get('/purchase_orders/with_booked_appointments');
    expect(ids(res.body)).to.deep.equal([po.a.id]);
  });

  it('pages with limit and offset, counting every match in Total-Count', async () => {
    const first = await search({ limit: 2 });
    expect(ids(first.body)).to.deep.equal([po.a.id, po.b.id]);
    expect(first.headers['total-count']).to.equal('6');
    const next = await search({ limit: 2, offset: 2 });
    expect(ids(next.body)).to.deep.equal([po.d.id, po.e.id]);
    const past = await search({ offset: 50 });
    expect(past.body).to.deep.equal([]);
    expect(past.headers['total-count']).to.equal('6');
  });

  it('answers 400 for a limit outside 1..250, a negative offset or an invalid time', async () => {
    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 251 },
      { offset: -1 },
      { limit: 'ten' },
      { start_time: 'soon' },
      { updated_since: '2032-02-30T00:00:00' },
    ];
    for (const query of queries) {
      const res = await search(query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.error).to.include(Object.keys(query)[0]);
    }
  });

  it('filters by updated_since on the order', async () => {
    expect((await search({ updated_since: '2999-01-01T00:00:00Z' })).body).to.deep.equal([]);
    // The server runs in this process, so its clock stamps updated_at after this marker.
    const marker = new Date().toISOString();
    await world.as('admin').patch(`/purchase_orders/${po.g.id}`, { purchase_order: { notes: 'touched' } });
    expect(ids((await search({ updated_since: marker })).body)).to.deep.equal([po.g.id]);
  });

  it(
    'renders each nested appointment in its own warehouse ' + 'zone with location_name and the location alias',
    async () => {
      const res = await search();
      const [nested] = res.body.find((order: Rendered) => order.id === po.a.id).appointments;
      expect(nested).to.deep.include({
        id: appointment.a,
        location_name: 'Toronto DC',
        location: 'Toronto DC',
        state: 'booked',
        scheduled_at: '2032-03-01T10:00:00-05:00',
        ends_at: '2032-03-01T11:00:00-05:00',
        duration: 60,
        dock_name: 'Dock 1',
        carrier_name: 'Fast Freight',
        reference_numbers: ['BOL-1'],
      });
      expect(nested.updated_at).to.match(/-0[45]:00$/);
      const auckland = res.body.find((order: Rendered) => order.id === po.b.id).appointments[1];
      expect(auckland).to.include({
        location: 'Auckland DC',
        scheduled_at: '2032-03-05T13:00:00+13:00',
        ends_at: '2032-03-05T14:30:00+13:00',
        dock_name: null,
        carrier_name: null,
      });
    },
  );

  it('nests the same accessible booked appointments in every purchase-order response', async () => {
    const view = await world.as('integration').get(`/purchase_orders/${po.b.id}`);
    expect(view.body.appointments.map((a: { id: number }) => a.id)).to.deep.equal([appointment.bVancouver]);
    const list = await world.as('admin').get('/purchase_orders', { per_page: 100 });
    expect(appointmentsOf(list.body, po.b)).to.deep.equal([appointment.bVancouver, appointment.bAuckland]);
    expect(appointmentsOf(list.body, po.c)).to.deep.equal([]);
    expect(appointmentsOf(list.body, po.f)).to.deep.equal([]);
  });
});
