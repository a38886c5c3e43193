import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointmentAt } from '../src/domain/appointments/write.js';
import { Appointment } from '../src/entities/appointment.js';
import { Location } from '../src/entities/location.js';
import { httpErrorFor } from '../src/http/error-map.js';
import { ValidationFailed } from '../src/http/errors.js';
import { createAppointment } from './support/appointments.js';
import { idsAhead } from './support/record-rows.js';

describe('appointments', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  describe('creating', () => {
    it('creates an unscheduled delivery of 60 minutes by default, with location and its alias', async () => {
      const res = await world.as('admin').post('/appointments', { appointment: { location_name: 'Toronto DC' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({
        location_name: 'Toronto DC',
        location: 'Toronto DC',
        state: 'needs_booking',
        appointment_type: 'delivery',
        duration: 60,
        scheduled_at: null,
        ends_at: null,
        dock_name: null,
        carrier_name: null,
        customer_name: null,
        notes: null,
      });
      expect(res.body.id).to.be.a('number');
      expect(res.body.reference_numbers).to.deep.equal([]);
      expect(res.body.packing_lists).to.deep.equal([]);
      expect(res.body.created_at).to.match(/-0[45]:00$/);
      expect(res.body.updated_at).to.equal(res.body.created_at);
    });

    it(
      'stores every field, matching dock and company names ' + 'case-insensitively and answering their own spelling',
      async () => {
        const body = await createAppointment(world.as('admin'), {
          location_name: 'Toronto DC',
          scheduled_at: '2025-07-01T09:00:00',
          duration: 90,
          appointment_type: 'pickup',
          dock_name: ' dock 2 ',
          carrier_name: 'FAST FREIGHT',
          customer_name: 'fresh market',
          reference_numbers: ['BOL-1', 'PRO-2'],
          notes: 'Call ahead',
        });
        expect(body).to.include({
          state: 'booked',
          appointment_type: 'pickup',
          duration: 90,
          scheduled_at: '2025-07-01T09:00:00-04:00',
          ends_at: '2025-07-01T10:30:00-04:00',
          dock_name: 'Dock 2',
          carrier_name: 'Fast Freight',
          customer_name: 'Fresh Market',
          notes: 'Call ahead',
        });
        expect(body.reference_numbers).to.deep.equal(['BOL-1', 'PRO-2']);
      },
    );

    it(
      'takes the location from the query, and accepts the ' +
        'same name in query and body whatever the case and spaces',
      async () => {
        const fromQuery = await world
          .as('admin')
          .post('/appointments', { appointment: {} }, { location_name: 'Vancouver DC' });
        expect(fromQuery.status).to.equal(200);
        expect(fromQuery.body.location_name).to.equal('Vancouver DC');
        const both = await world
          .as('admin')
          .post(
            '/appointments',
            { appointment: { location_name: 'VANCOUVER dc' } },
            { location_name: ' vancouver DC ' },
          );
        expect(both.status).to.equal(200);
        expect(both.body.location).to.equal('Vancouver DC');
      },
    );

    it('answers 400 with an error naming location_name when no location is given', async () => {
      const res = await world.as('admin').post('/appointments', { appointment: { duration: 30 } });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('location_name').and.include('required');
    });

    it('answers 400 when the query and the body name different locations', async () => {
      const res = await world
        .as('admin')
        .post('/appointments', { appointment: { location_name: 'Toronto DC' } }, { location_name: 'Vancouver DC' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('differs');
    });

    it('uses the address as the location on the location interface, where another body location is 400', async () => {
      const toronto = world.as('admin', 'toronto');
      const created = await toronto.post('/appointments', { appointment: { dock_name: 'Dock 1' } });
      expect(created.status).to.equal(200);
      expect(created.body).to.include({ location_name: 'Toronto DC', dock_name: 'Dock 1' });
      const mismatch = await toronto.post('/appointments', { appointment: { location_name: 'Auckland DC' } });
      expect(mismatch.status).to.equal(400);
    });

    it(
      'answers 404 for an unknown location, 403 without access, ' +
        '403 with read-only access and 403 for a read-only user',
      async () => {
        expect(
          (await world.as('admin').post('/appointments', { appointment: { location_name: 'Nowhere DC' } })).status,
        ).to.equal(404);
        expect(
          (await world.as('integration').post('/appointments', { appointment: { location_name: 'Auckland DC' } }))
            .status,
        ).to.equal(403);
        const readOnly = await world
          .as('integration')
          .post('/appointments', { appointment: { location_name: 'Vancouver DC' } });
        expect(readOnly.status).to.equal(403);
        expect(readOnly.body.error).to.include('read-only');
        expect(
          (await world.as('viewer').post('/appointments', { appointment: { location_name: 'Toronto DC' } })).status,
        ).to.equal(403);
      },
    );

    it(
      'rejects a dock of another warehouse, an unknown carrier, ' +
        'a customer named as carrier and an unknown customer, all at once',
      async () => {
        const res = await world.as('admin').post('/appointments', {
          appointment: {
            location_name: 'Toronto DC',
            dock_name: 'Door A',
            carrier_name: 'Fresh Market',
            customer_name: 'Nobody Inc',
          },
        });
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.deep.equal({
          dock_name: ['is not a dock of Toronto DC'],
          carrier_name: ['is not a carrier company of this organization'],
          customer_name: ['is not a customer company of this organization'],
        });
      },
    );

    it('rejects a duration outside 1 to 1440 minutes, a state and unknown attributes with 422', async () => {
      const admin = world.as('admin');
      for (const duration of [0, 1441]) {
        const res = await admin.post('/appointments', { appointment: { location_name: 'Toronto DC', duration } });
        expect(res.status).to.equal(422);
        expect(Object.keys(res.body.errors)).to.deep.equal(['duration']);
      }
      const unknown = await admin.post('/appointments', {
        appointment: { location_name: 'Toronto DC', state: 'booked', colour: 'red' },
      });
      expect(unknown.status).to.equal(422);
      expect(unknown.body.errors).to.deep.equal({
        // A field of updates only (DECISIONS 201).
        state: ['is not allowed here'],
        colour: ['is not a known attribute'],
      });
    });

    it('answers 400 for a missing wrapper, and 422 naming the field for a wrong type or an unreal time', async () => {
      const admin = world.as('admin');
      expect((await admin.post('/appointments', { location_name: 'Toronto DC' })).status).to.equal(400);
      const wrongType = await admin.post('/appointments', {
        appointment: { location_name: 'Toronto DC', duration: 'long' },
      });
      expect(wrongType.status).to.equal(422);
      expect(wrongType.body.errors).to.deep.equal({ duration: ['must be an integer'] });
      for (const scheduled_at of ['2025-13-01T10:00:00', '2025-02-30T10:00:00', '2025-01-01T24:00:00']) {
        const badTime = await admin.post('/appointments', {
          appointment: { location_name: 'Toronto DC', scheduled_at },
        });
        expect(badTime.status, scheduled_at).to.equal(422);
        expect(Object.keys(badTime.body.errors)).to.deep.equal(['scheduled_at']);
      }
    });

    it('writes nothing when a create is rejected', async () => {
      const admin = world.as('admin');
      const before = Number((await admin.get('/appointments')).headers['total-count']);
      const refused = await admin.post('/appointments', {
        appointment: {
          location_name: 'Toronto DC',
          dock_name: 'Dock 1',
          packing_lists: [
            { product_name: 'Apples', quantity: 1 },
            { product_name: 'Durian', quantity: 1 },
          ],
        },
      });
      expect(refused.status).to.equal(422);
      expect(Number((await admin.get('/appointments')).headers['total-count'])).to.equal(before);
    });
  });

  describe('creating outside HTTP, as seeding does', () => {
    it('creates an appointment through the same rules the API applies, and refuses the same bad input', async () => {
      const em = (await testOrm()).em.fork();
      const vancouver = await em.findOneOrFail(Location, { subdomain: `${world.id}-vancouver` });
      const created = await em.transactional((tx) =>
        createAppointmentAt(tx, vancouver, {
          scheduled_at: '2025-07-01T09:00:00',
          dock_name: 'door a',
          carrier_name: 'Careful Carriers',
          packing_lists: [{ product_name: 'apples', quantity: 4 }],
        }),
      );
      const res = await world.as('admin').get(`/appointments/${created.publicId}`);
      expect(res.body).to.include({
        location_name: 'Vancouver DC',
        state: 'pending',
        dock_name: 'Door A',
        scheduled_at: '2025-07-01T09:00:00-07:00',
      });
      expect(res.body.packing_lists[0]).to.include({ product_name: 'Apples', quantity: 4 });

      const before = await em.count(Appointment, { locationId: vancouver.id });
      let refusal: unknown;
      await em
        .transactional((tx) => createAppointmentAt(tx, vancouver, { dock_name: 'Dock 1' }))
        .catch((error: unknown) => (refusal = httpErrorFor(error)));
      expect(refusal).to.be.instanceOf(ValidationFailed);
      expect((refusal as ValidationFailed).errors).to.deep.equal({ dock_name: ['is not a dock of Vancouver DC'] });
      expect(await em.count(Appointment, { locationId: vancouver.id })).to.equal(before);
    });
  });

  describe('viewing', () => {
    let toronto: number;
    let vancouver: number;
    let auckland: number;

    before(async () => {
      const admin = world.as('admin');
      toronto = (await createAppointment(admin, { location_name: 'Toronto DC', dock_name: 'Dock 1' })).id;
      vancouver = (await createAppointment(admin, { location_name: 'Vancouver DC' })).id;
      auckland = (await createAppointment(admin, { location_name: 'Auckland DC', scheduled_at: '2025-06-01T09:00:00' }))
        .id;
    });

    it('shows an appointment by id in its warehouse zone, with the location alias', async () => {
      const res = await world.as('admin').get(`/appointments/${auckland}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({
        id: auckland,
        location_name: 'Auckland DC',
        location: 'Auckland DC',
        scheduled_at: '2025-06-01T09:00:00+12:00',
      });
    });

    it('lets a read-only user view appointments of that location', async () => {
      const res = await world.as('integration').get(`/appointments/${vancouver}`);
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Vancouver DC');
    });

    it(
      'answers 404 for an unknown id, another organization id, ' +
        'an inaccessible appointment and one outside the location filter',
      async () => {
        // Ids count per organization (DECISIONS 440): the other one's appointment has an id this one has none of.
        const other = await createWorld(server);
        await idsAhead(other);
        const foreign = await createAppointment(other.as('admin'), { location_name: 'Toronto DC' });
        const admin = world.as('admin');
        expect((await admin.get('/appointments/99999999')).status).to.equal(404);
        expect((await admin.get(`/appointments/${foreign.id}`)).status).to.equal(404);
        const inaccessible = await world.as('integration').get(`/appointments/${auckland}`);
        expect(inaccessible.status).to.equal(404);
        expect(inaccessible.body.error).to.include(`appointment ${auckland}`);
        expect((await admin.get(`/appointments/${toronto}`, { location_name: 'Vancouver DC' })).status).to.equal(404);
        expect((await world.as('admin', 'auckland').get(`/appointments/${toronto}`)).status).to.equal(404);
        expect((await world.as('admin', 'toronto').get(`/appointments/${toronto}`)).status).to.equal(200);
      },
    );
  });

  describe('updating', () => {
    it('changes only the fields sent, by PATCH and by PUT', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, {
        location_name: 'Toronto DC',
        dock_name: 'Dock 1',
        notes: 'Fragile',
        reference_numbers: ['A'],
      });
      const patched = await admin.patch(`/appointments/${created.id}`, { appointment: { dock_name: 'dock 2' } });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.include({ dock_name: 'Dock 2', notes: 'Fragile', duration: 60 });
      const put = await admin.put(`/appointments/${created.id}`, {
        appointment: { duration: 45, reference_numbers: ['B', 'C'] },
      });
      expect(put.status).to.equal(200);
      expect(put.body).to.include({ dock_name: 'Dock 2', notes: 'Fragile', duration: 45 });
      expect(put.body.reference_numbers).to.deep.equal(['B', 'C']);
    });

    it('clears a dock, carrier, customer and notes given null', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, {
        location_name: 'Toronto DC',
        dock_name: 'Dock 1',
        carrier_name: 'Fast Freight',
        customer_name: 'Fresh Market',
        notes: 'x',
      });
      const res = await admin.patch(`/appointments/${created.id}`, {
        appointment: { dock_name: null, carrier_name: null, customer_name: null, notes: null },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ dock_name: null, carrier_name: null, customer_name: null, notes: null });
    });

    it('infers the location from the record and reads offset-less times in its zone', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, { location_name: 'Vancouver DC' });
      const res = await admin.patch(`/appointments/${created.id}`, {
        appointment: { scheduled_at: '2025-07-01T09:00:00', dock_name: 'door a' },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({
        scheduled_at: '2025-07-01T09:00:00-07:00',
        dock_name: 'Door A',
        location_name: 'Vancouver DC',
      });
    });

    it('accepts the appointment location as location_name but never moves it: another location is 404', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, { location_name: 'Toronto DC' });
      const same = await admin.patch(`/appointments/${created.id}`, {
        appointment: { location_name: 'toronto dc', notes: 'same' },
      });
      expect(same.status).to.equal(200);
      const moved = await admin.patch(`/appointments/${created.id}`, {
        appointment: { location_name: 'Vancouver DC', notes: 'moved?' },
      });
      expect(moved.status).to.equal(404);
      const byQuery = await admin.put(
        `/appointments/${created.id}`,
        { appointment: { notes: 'moved?' } },
        { location_name: 'Vancouver DC' },
      );
      expect(byQuery.status).to.equal(404);
      const still = await admin.get(`/appointments/${created.id}`);
      expect(still.body).to.include({ location_name: 'Toronto DC', notes: 'same' });
    });

    it('answers 400 when the query and the body name different locations', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, { location_name: 'Toronto DC' });
      const res = await admin.patch(
        `/appointments/${created.id}`,
        { appointment: { location_name: 'Toronto DC' } },
        { location_name: 'Vancouver DC' },
      );
      expect(res.status).to.equal(400);
    });

    it('forbids updates with read-only access and hides inaccessible appointments', async () => {
      const admin = world.as('admin');
      const vancouver = await createAppointment(admin, { location_name: 'Vancouver DC' });
      const auckland = await createAppointment(admin, { location_name: 'Auckland DC' });
      const readOnly = await world
        .as('integration')
        .patch(`/appointments/${vancouver.id}`, { appointment: { notes: 'nope' } });
      expect(readOnly.status).to.equal(403);
      expect(
        (await world.as('viewer').patch(`/appointments/${vancouver.id}`, { appointment: { notes: 'nope' } })).status,
      ).to.equal(403);
      expect(
        (await world.as('integration').patch(`/appointments/${auckland.id}`, { appointment: { notes: 'nope' } }))
          .status,
      ).to.equal(404);
      expect((await admin.get(`/appointments/${vancouver.id}`)).body.notes).to.equal(null);
    });

    it('rejects an unknown dock on update and leaves the appointment as it was', async () => {
      const admin = world.as('admin');
      const created = await createAppointment(admin, { location_name: 'Toronto DC', dock_name: 'Dock 1' });
      const res = await admin.patch(`/appointments/${created.id}`, {
        appointment: { dock_name: 'Dock 9', notes: 'changed' },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ dock_name: ['is not a dock of Toronto DC'] });
      expect((await admin.get(`/appointments/${created.id}`)).body).to.include({ dock_name: 'Dock 1', notes: null });
    });
  });
});
