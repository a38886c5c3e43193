import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';

describe('appointment lifecycle', () => {
  let server: TestServer;
  let world: World;

  before(
    async () =>
      ({ server, world } = await startWorld({
        shape: (organization) => ({
          ...organization,
          companies: [
            ...(organization.companies ?? []),
            { name: 'Slow Grocers', company_type: 'customer', auto_approve_appointments: false },
          ],
        }),
      })),
  );
  after(() => server.close());

  const create = (appointment: Record<string, unknown> = {}) =>
    createAppointment(world.as('admin'), { location_name: 'Toronto DC', ...appointment });
  const update = (id: number, appointment: Record<string, unknown>) =>
    world.as('admin').patch(`/appointments/${id}`, { appointment });
  const moveTo = async (id: number, state: string) => {
    const res = await update(id, { state });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.state).to.equal(state);
    return res.body;
  };

  describe('the state a time gives', () => {
    it('leaves an appointment without a time needing booking, whatever its companies', async () => {
      expect((await create({ carrier_name: 'Careful Carriers' })).state).to.equal('needs_booking');
    });

    it('books a time at once when no company needs to approve it, or when both auto-approve', async () => {
      expect((await create({ scheduled_at: '2025-07-01T09:00:00' })).state).to.equal('booked');
      expect(
        (
          await create({
            scheduled_at: '2025-07-01T09:00:00',
            carrier_name: 'Fast Freight',
            customer_name: 'Fresh Market',
          })
        ).state,
      ).to.equal('booked');
    });

    it('holds a time as pending when the carrier does not auto-approve', async () => {
      expect(
        (
          await create({
            scheduled_at: '2025-07-01T09:00:00',
            carrier_name: 'Careful Carriers',
            customer_name: 'Fresh Market',
          })
        ).state,
      ).to.equal('pending');
    });

    it(
      'holds a time as pending when the customer does not ' + 'auto-approve, even with an auto-approving carrier',
      async () => {
        expect(
          (
            await create({
              scheduled_at: '2025-07-01T09:00:00',
              carrier_name: 'Fast Freight',
              customer_name: 'Slow Grocers',
            })
          ).state,
        ).to.equal('pending');
      },
    );
  });

  describe('scheduling on update', () => {
    it(
      'books an appointment that needed booking when it ' + 'gets a time, and unbooks it when the time is cleared',
      async () => {
        const created = await create();
        const booked = await update(created.id, { scheduled_at: '2025-07-01T09:00:00' });
        expect(booked.body).to.include({ state: 'booked', scheduled_at: '2025-07-01T09:00:00-04:00' });
        const cleared = await update(created.id, { scheduled_at: null });
        expect(cleared.body).to.include({ state: 'needs_booking', scheduled_at: null, ends_at: null });
      },
    );

    it('sends a booked appointment back to pending when its new time needs the carrier approval', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Fast Freight' });
      const res = await update(created.id, { scheduled_at: '2025-07-02T09:00:00', carrier_name: 'Careful Carriers' });
      expect(res.body).to.include({
        state: 'pending',
        scheduled_at: '2025-07-02T09:00:00-04:00',
        carrier_name: 'Careful Carriers',
      });
    });

    it('moves a pending time and keeps it pending', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Careful Carriers' });
      const res = await update(created.id, { scheduled_at: '2025-07-01T11:00:00' });
      expect(res.body).to.include({ state: 'pending', scheduled_at: '2025-07-01T11:00:00-04:00' });
    });

    it('schedules and approves in one request: the state applies to the state the time gives', async () => {
      const created = await create({ carrier_name: 'Careful Carriers' });
      const res = await update(created.id, { scheduled_at: '2025-07-01T09:00:00', state: 'booked' });
      expect(res.status).to.equal(200);
      expect(res.body.state).to.equal('booked');
    });

    it('refuses a new time once the truck has arrived, naming the states where it may change', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
      await moveTo(created.id, 'arrived');
      const res = await update(created.id, { scheduled_at: '2025-07-01T10:00:00' });
      expect(res.status).to.equal(422);
      expect(res.body.errors.scheduled_at[0]).to.include('arrived').and.include('needs_booking, pending, booked');
    });

    it(
      'accepts the current time and the current state sent ' + 'back unchanged, so a full record can be PUT again',
      async () => {
        const created = await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Careful Carriers' });
        await moveTo(created.id, 'booked');
        const arrived = await moveTo(created.id, 'arrived');
        const res = await world.as('admin').put(`/appointments/${created.id}`, {
          appointment: { scheduled_at: '2025-07-01T13:00:00Z', state: 'arrived' },
        });
        expect(res.status).to.equal(200);
        expect(res.body).to.include({ state: 'arrived', scheduled_at: arrived.scheduled_at });
      },
    );
  });

  describe('state transitions', () => {
    it('walks a delivery from booked through arrived, started and completed to left', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
      for (const state of ['arrived', 'started', 'completed', 'left']) await moveTo(created.id, state);
    });

    it('lets an arrived truck leave without unloading', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
      await moveTo(created.id, 'arrived');
      await moveTo(created.id, 'left');
    });

    it('approves a pending appointment by setting it booked', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Careful Carriers' });
      const approved = await moveTo(created.id, 'booked');
      expect(approved.scheduled_at).to.equal('2025-07-01T09:00:00-04:00');
    });

    it('cancels an appointment that needs booking, one that is pending and one that is booked', async () => {
      await moveTo((await create()).id, 'cancelled');
      await moveTo(
        (await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Careful Carriers' })).id,
        'cancelled',
      );
      await moveTo((await create({ scheduled_at: '2025-07-01T09:00:00' })).id, 'cancelled');
    });

    it('refuses moves the lifecycle does not allow, saying from what to what is possible', async () => {
      const open = await create();
      const needsBooking = await update(open.id, { state: 'booked' });
      expect(needsBooking.status).to.equal(422);
      expect(needsBooking.body.errors).to.deep.equal({
        state: ['cannot change from needs_booking to booked; from needs_booking it can only become cancelled'],
      });

      const pending = await create({ scheduled_at: '2025-07-01T09:00:00', carrier_name: 'Careful Carriers' });
      expect((await update(pending.id, { state: 'arrived' })).body.errors.state).to.deep.equal([
        'cannot change from pending to arrived; from pending it can only become booked or cancelled',
      ]);

      const booked = await create({ scheduled_at: '2025-07-01T09:00:00' });
      expect((await update(booked.id, { state: 'completed' })).status).to.equal(422);
      expect((await update(booked.id, { state: 'needs_booking' })).status).to.equal(422);
      await moveTo(booked.id, 'arrived');
      expect((await update(booked.id, { state: 'booked' })).body.errors.state).to.deep.equal([
        'cannot change from arrived to booked; from arrived it can only become started or left',
      ]);
      expect((await update(booked.id, { state: 'cancelled' })).status).to.equal(422);
    });

    it('treats left and cancelled as final', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
      await moveTo(created.id, 'cancelled');
      const reopened = await update(created.id, { state: 'booked' });
      expect(reopened.status).to.equal(422);
      expect(reopened.body.errors.state).to.deep.equal(['cannot change from cancelled to booked: cancelled is final']);
      const rescheduled = await update(created.id, { scheduled_at: '2025-07-03T09:00:00' });
      expect(rescheduled.status).to.equal(422);
      expect(Object.keys(rescheduled.body.errors)).to.deep.equal(['scheduled_at']);

      const gone = await create({ scheduled_at: '2025-07-01T09:00:00' });
      await moveTo(gone.id, 'arrived');
      await moveTo(gone.id, 'left');
      expect((await update(gone.id, { state: 'arrived' })).body.errors.state).to.deep.equal([
        'cannot change from left to arrived: left is final',
      ]);
    });

    it('keeps a final appointment as it was, except its notes, and accepts the record sent back unchanged', async () => {
      const created = await create({
        scheduled_at: '2025-07-01T09:00:00',
        dock_name: 'Dock 1',
        packing_lists: [{ product_name: 'Apples', quantity: 3 }],
      });
      const cancelled = await moveTo(created.id, 'cancelled');
      const edits = await update(created.id, {
        duration: 90,
        dock_name: 'Dock 2',
        reference_numbers: ['LATE-1'],
        packing_lists: [{ product_name: 'Bananas', quantity: 1 }],
      });
      expect(edits.status).to.equal(422);
      expect(Object.keys(edits.body.errors).sort()).to.deep.equal([
        'dock_name',
        'duration',
        'packing_lists',
        'reference_numbers',
      ]);
      expect(edits.body.errors.duration).to.deep.equal([
        'cannot change: the appointment is cancelled, which is final (only notes may change)',
      ]);
      const noted = await update(created.id, { notes: 'carrier called it off' });
      expect(noted.status).to.equal(200);
      expect(noted.body.notes).to.equal('carrier called it off');
      const { id, location, ...record } = cancelled;
      const resent = await world.as('admin').put(`/appointments/${id}`, {
        appointment: {
          location_name: record.location_name,
          state: record.state,
          scheduled_at: record.scheduled_at,
          duration: record.duration,
          dock_name: record.dock_name,
          reference_numbers: record.reference_numbers,
          packing_lists: record.packing_lists.map((list: { id: number; quantity: number }) => ({
            id: list.id,
            quantity: list.quantity,
          })),
        },
      });
      expect(resent.status, JSON.stringify(resent.body)).to.equal(200);
      expect(location).to.equal('Toronto DC');
    });

    it(
      'checks simultaneous transitions one after the ' + 'other, so only one of two conflicting moves succeeds',
      async () => {
        for (let round = 0; round < 3; round++) {
          const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
          const results = await Promise.all([
            update(created.id, { state: 'arrived' }),
            update(created.id, { state: 'cancelled' }),
          ]);
          expect(results.map((res) => res.status).sort()).to.deep.equal([200, 422]);
          const winner = results.find((res) => res.status === 200)!.body.state;
          expect((await world.as('admin').get(`/appointments/${created.id}`)).body.state).to.equal(winner);
        }
      },
    );

    it('leaves the appointment untouched when a transition is refused', async () => {
      const created = await create({ scheduled_at: '2025-07-01T09:00:00' });
      const res = await update(created.id, { notes: 'should not stick', state: 'left' });
      expect(res.status).to.equal(422);
      const after = await world.as('admin').get(`/appointments/${created.id}`);
      expect(after.body).to.include({ state: 'booked', notes: null });
    });

    it('refuses DELETE with 405, an Allow header and how to cancel instead', async () => {
      const created = await create();
      const res = await world.as('admin').delete(`/appointments/${created.id}`);
      expect(res.status).to.equal(405);
      expect(res.headers.allow?.split(', ').sort()).to.deep.equal(['GET', 'PATCH', 'PUT']);
      expect(res.body.error).to.include('"state": "cancelled"');
      expect((await world.as('admin').get(`/appointments/${created.id}`)).body.state).to.equal('needs_booking');
    });
  });
});
