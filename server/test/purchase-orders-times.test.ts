import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createOrder, orderBody } from './support/purchase-orders.js';

describe('purchase order times', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const create = (fields: Record<string, unknown> = {}, query?: Record<string, string>) =>
    createOrder(world.as('admin'), fields, query);
  const patch = async (id: number, fields: Record<string, unknown>) => {
    const res = await world.as('admin').patch(`/purchase_orders/${id}`, { purchase_order: fields });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const instant = (text: string) => new Date(text).toISOString();

  describe('offset-less input', () => {
    it('reads a time skipped by the spring-forward change at Toronto as daylight time, one hour later', async () => {
      const order = await create({ location_name: 'Toronto DC', expected_starts_at: '2025-03-09T02:30:00' });
      expect(order.expected_starts_at).to.equal('2025-03-09T03:30:00-04:00');
      expect(instant(order.expected_starts_at)).to.equal('2025-03-09T07:30:00.000Z');
    });

    it('reads a time repeated by the fall-back change at Toronto as the earlier instant', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        expected_starts_at: '2025-11-02T01:30:00',
        expected_ends_at: '2025-11-02T03:00:00',
      });
      expect(order.expected_starts_at).to.equal('2025-11-02T01:30:00-04:00');
      expect(order.expected_ends_at).to.equal('2025-11-02T03:00:00-05:00');
    });

    it('reads times in Auckland across the date line, in its own daylight saving', async () => {
      const summer = await create({ location_name: 'Auckland DC', expected_starts_at: '2025-01-01T09:00:00' });
      expect(summer.expected_starts_at).to.equal('2025-01-01T09:00:00+13:00');
      expect(instant(summer.expected_starts_at)).to.equal('2024-12-31T20:00:00.000Z');
      // New Zealand's clocks go back at 03:00 on 6 April 2025, so 02:30 happens twice.
      const repeated = await create({ location_name: 'Auckland DC', expected_starts_at: '2025-04-06T02:30:00' });
      expect(repeated.expected_starts_at).to.equal('2025-04-06T02:30:00+13:00');
      const winter = await create({ location_name: 'Auckland DC', expected_starts_at: '2025-07-01T09:00:00' });
      expect(winter.expected_starts_at).to.equal('2025-07-01T09:00:00+12:00');
    });

    it('reads an unassigned order as UTC', async () => {
      const order = await create({ expected_starts_at: '2025-03-09T02:30:00' });
      expect(order.expected_starts_at).to.equal('2025-03-09T02:30:00Z');
    });

    it('lets an explicit offset or Z win over the zone', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        expected_starts_at: '2025-07-01T09:00:00+02:00',
        expected_ends_at: '2025-07-01T09:00:00Z',
      });
      expect(order.expected_starts_at).to.equal('2025-07-01T03:00:00-04:00');
      expect(order.expected_ends_at).to.equal('2025-07-01T05:00:00-04:00');
    });

    it('reads the location interface zone when it assigns the order', async () => {
      const res = await world
        .as('admin', 'auckland')
        .post('/purchase_orders', orderBody({ expected_starts_at: '2025-07-01T09:00:00' }));
      expect(res.body.expected_starts_at).to.equal('2025-07-01T09:00:00+12:00');
    });

    it("reads an update without location_name in the order's existing zone", async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      const updated = await patch(order.id, { expected_starts_at: '2025-07-01T09:00:00' });
      expect(updated.expected_starts_at).to.equal('2025-07-01T09:00:00-07:00');
    });

    it("reads a move in the destination's zone", async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      const moved = await patch(order.id, { location_name: 'Toronto DC', expected_starts_at: '2025-07-01T09:00:00' });
      expect(moved.expected_starts_at).to.equal('2025-07-01T09:00:00-04:00');
    });

    it('reads an unassignment as UTC', async () => {
      const order = await create({ location_name: 'Auckland DC' });
      const cleared = await patch(order.id, { location_name: null, expected_starts_at: '2025-07-01T09:00:00' });
      expect(cleared.expected_starts_at).to.equal('2025-07-01T09:00:00Z');
    });
  });

  describe('rendering', () => {
    it('renders the same instants in the new zone after a move, whatever location filter is used', async () => {
      const order = await create({ location_name: 'Toronto DC', expected_starts_at: '2025-07-01T09:00:00' });
      const moved = await patch(order.id, { location_name: 'Auckland DC' });
      expect(moved.expected_starts_at).to.equal('2025-07-02T01:00:00+12:00');
      const unassigned = await patch(order.id, { location_name: '' });
      expect(unassigned.expected_starts_at).to.equal('2025-07-01T13:00:00Z');
      const filtered = await world.as('admin').get(`/purchase_orders/${order.id}`, { location_name: 'Toronto DC' });
      expect(filtered.body.expected_starts_at).to.equal('2025-07-01T13:00:00Z');
      expect(filtered.body.updated_at).to.match(/Z$/);
    });

    it('renders missing times as null', async () => {
      const order = await create({ location_name: 'Toronto DC', expected_starts_at: '2025-07-01T09:00:00' });
      const cleared = await patch(order.id, { expected_starts_at: null });
      expect(cleared.expected_starts_at).to.equal(null);
      expect(cleared.expected_ends_at).to.equal(null);
    });
  });

  describe('earliest_assignment_date', () => {
    it('is null until the order is first assigned, then kept through moves and unassignment', async () => {
      const order = await create();
      expect(order.earliest_assignment_date).to.equal(null);
      const before = Date.now();
      const assigned = await patch(order.id, { location_name: 'Toronto DC' });
      const first = new Date(assigned.earliest_assignment_date).getTime();
      expect(first).to.be.within(before - 1000, Date.now() + 1000);
      expect(assigned.earliest_assignment_date).to.match(/-0[45]:00$/);
      const moved = await patch(order.id, { location_name: 'Auckland DC' });
      expect(new Date(moved.earliest_assignment_date).getTime()).to.equal(first);
      const cleared = await patch(order.id, { location_name: null });
      expect(new Date(cleared.earliest_assignment_date).getTime()).to.equal(first);
      expect(cleared.earliest_assignment_date).to.match(/Z$/);
      const again = await patch(order.id, { location_name: 'Vancouver DC' });
      expect(new Date(again.earliest_assignment_date).getTime()).to.equal(first);
    });

    it('is the creation instant of an order created assigned', async () => {
      const order = await create({ location_name: 'Vancouver DC' });
      expect(
        Math.abs(new Date(order.earliest_assignment_date).getTime() - new Date(order.created_at).getTime()),
      ).to.be.below(1000);
    });
  });

  describe('order of expected times', () => {
    it('rejects an end before the start with 422, also when only one of them is sent', async () => {
      const bad = await world
        .as('admin')
        .post(
          '/purchase_orders',
          orderBody({ expected_starts_at: '2025-07-01T10:00:00Z', expected_ends_at: '2025-07-01T09:59:59Z' }),
        );
      expect(bad.status).to.equal(422);
      expect(bad.body.errors).to.deep.equal({ expected_ends_at: ['must not be before expected_starts_at'] });
      const order = await create({
        location_name: 'Toronto DC',
        expected_starts_at: '2025-07-01T10:00:00',
        expected_ends_at: '2025-07-01T12:00:00',
      });
      const earlierEnd = await world
        .as('admin')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { expected_ends_at: '2025-07-01T09:00:00' } });
      expect(earlierEnd.status).to.equal(422);
      const laterStart = await world
        .as('admin')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { expected_starts_at: '2025-07-01T12:00:01' } });
      expect(laterStart.status).to.equal(422);
      const equal = await world
        .as('admin')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { expected_starts_at: '2025-07-01T12:00:00' } });
      expect(equal.status).to.equal(200);
    });

    it('compares instants, not wall-clock text, when a move changes the zone', async () => {
      // 10:00 in Toronto is 07:00 in Vancouver: an end of 09:00 read at Vancouver is after the start.
      const order = await create({ location_name: 'Toronto DC', expected_starts_at: '2025-07-01T10:00:00' });
      const moved = await patch(order.id, { location_name: 'Vancouver DC', expected_ends_at: '2025-07-01T09:00:00' });
      expect(moved.expected_starts_at).to.equal('2025-07-01T07:00:00-07:00');
      expect(moved.expected_ends_at).to.equal('2025-07-01T09:00:00-07:00');
    });
  });

  describe('collection time filters', () => {
    let toronto: { id: number };
    let unassigned: { id: number };

    before(async () => {
      // Both start at 2031-05-01 14:00Z: 10:00 in Toronto.
      toronto = await create({ location_name: 'Toronto DC', expected_starts_at: '2031-05-01T10:00:00' });
      unassigned = await create({ expected_starts_at: '2031-05-01T14:00:00Z' });
    });

    const ids = (body: { id: number }[]) => body.map((order) => order.id);

    it("reads offset-less filters in the query location's zone", async () => {
      const res = await world.as('admin').get('/purchase_orders', {
        location_name: 'Toronto DC',
        start_time: '2031-05-01T10:00:00',
        end_time: '2031-05-01T10:00:00',
      });
      expect(ids(res.body)).to.deep.equal([toronto.id, unassigned.id]);
    });

    it("reads them in the location interface's zone", async () => {
      const res = await world
        .as('admin', 'toronto')
        .get('/purchase_orders', { start_time: '2031-05-01T10:00:00', end_time: '2031-05-01T10:00:00' });
      expect(ids(res.body)).to.deep.equal([toronto.id, unassigned.id]);
    });

    it('reads them as UTC without a location', async () => {
      const local = await world
        .as('admin')
        .get('/purchase_orders', { start_time: '2031-05-01T10:00:00', end_time: '2031-05-01T10:00:00' });
      expect(local.body).to.deep.equal([]);
      const utc = await world
        .as('admin')
        .get('/purchase_orders', { start_time: '2031-05-01T14:00:00', end_time: '2031-05-01T14:00:00' });
      expect(ids(utc.body)).to.deep.equal([toronto.id, unassigned.id]);
    });

    it('lets an explicit offset win in a filter', async () => {
      const res = await world.as('admin').get('/purchase_orders', {
        location_name: 'Toronto DC',
        start_time: '2031-05-01T14:00:00Z',
        end_time: '2031-05-01T16:00:00+02:00',
      });
      expect(ids(res.body)).to.deep.equal([toronto.id, unassigned.id]);
    });
  });
});
