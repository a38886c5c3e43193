import { countQueries, createWorld, startTestServer, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';

interface Listed {
  id: number;
  location_name: string;
  state: string;
}

describe('appointment lists', () => {
  let server: TestServer;
  let world: World;
  const ids: Record<string, number> = {};

  before(async () => {
    server = await startTestServer();
    world = await createWorld(server);
    const admin = world.as('admin');
    ids.torontoBooked = (
      await createAppointment(admin, {
        location_name: 'Toronto DC',
        scheduled_at: '2025-07-01T09:00:00',
        carrier_name: 'Fast Freight',
        dock_name: 'Dock 1',
      })
    ).id;
    ids.torontoPending = (
      await createAppointment(admin, {
        location_name: 'Toronto DC',
        scheduled_at: '2025-07-02T09:00:00',
        carrier_name: 'Careful Carriers',
      })
    ).id;
    ids.torontoOpen = (await createAppointment(admin, { location_name: 'Toronto DC' })).id;
    ids.vancouver = (
      await createAppointment(admin, { location_name: 'Vancouver DC', scheduled_at: '2025-07-01T09:00:00' })
    ).id;
    ids.auckland = (
      await createAppointment(admin, { location_name: 'Auckland DC', scheduled_at: '2025-07-01T09:00:00' })
    ).id;
  });
  after(() => server.close());

  const listIds = (body: Listed[]) => body.map((a) => a.id);

  it('spans every accessible location in id order, leaving out inaccessible ones', async () => {
    const all = await world.as('admin').get('/appointments');
    expect(all.status).to.equal(200);
    expect(listIds(all.body)).to.deep.equal(Object.values(ids).sort((a, b) => a - b));
    const integration = await world.as('integration').get('/appointments');
    expect(integration.body.map((a: Listed) => a.location_name)).not.to.include('Auckland DC');
    expect(integration.body).to.have.length(4);
  });

  it('narrows to a location by name, answering 404 for an unknown one and 403 for an inaccessible one', async () => {
    const vancouver = await world.as('integration').get('/appointments', { location_name: ' vancouver dc' });
    expect(vancouver.status).to.equal(200);
    expect(listIds(vancouver.body)).to.deep.equal([ids.vancouver]);
    expect((await world.as('admin').get('/appointments', { location_name: 'Nowhere' })).status).to.equal(404);
    expect((await world.as('integration').get('/appointments', { location_name: 'Auckland DC' })).status).to.equal(403);
    expect((await world.as('viewer').get('/appointments')).status).to.equal(403);
  });

  it('lists only the address location on the location interface', async () => {
    const res = await world.as('admin', 'auckland').get('/appointments');
    expect(listIds(res.body)).to.deep.equal([ids.auckland]);
  });

  it('filters by state', async () => {
    const pending = await world.as('admin').get('/appointments', { state: 'pending' });
    expect(listIds(pending.body)).to.deep.equal([ids.torontoPending]);
    const invalid = await world.as('admin').get('/appointments', { state: 'lost' });
    expect(invalid.status).to.equal(400);
  });

  it(
    'filters by start time at or after start_time and ' + 'at or before end_time, leaving out unscheduled ones',
    async () => {
      const admin = world.as('admin');
      // Toronto 2025-07-01T09:00 is 13:00Z, Vancouver's is 16:00Z, Auckland's 2025-06-30T21:00Z.
      const window = await admin.get('/appointments', {
        start_time: '2025-07-01T13:00:00Z',
        end_time: '2025-07-01T16:00:00Z',
      });
      expect(listIds(window.body)).to.deep.equal([ids.torontoBooked, ids.vancouver]);
      const after = await admin.get('/appointments', { start_time: '2025-07-01T13:00:01Z' });
      expect(listIds(after.body)).to.deep.equal([ids.torontoPending, ids.vancouver]);
    },
  );

  it('answers 400 for a time filter that is not an ISO 8601 time', async () => {
    const admin = world.as('admin');
    for (const query of [
      { start_time: 'yesterday' },
      { end_time: '2025-02-30T10:00:00' },
      { updated_since: '2025-07-01' },
    ]) {
      const res = await admin.get('/appointments', query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.error).to.include(Object.keys(query)[0]);
    }
  });

  it('filters by updated_since, finding appointments changed at or after that time', async () => {
    const admin = world.as('admin');
    const since = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(
      (await admin.patch(`/appointments/${ids.torontoOpen}`, { appointment: { notes: 'touched' } })).status,
    ).to.equal(200);
    const res = await admin.get('/appointments', { updated_since: since });
    expect(listIds(res.body)).to.deep.equal([ids.torontoOpen]);
  });

  it('pages with the five headers, keeping the caller-supplied filters in Link', async () => {
    const res = await world.as('admin').get('/appointments', { per_page: 2, page: 2, location_name: 'Toronto DC' });
    expect(res.status).to.equal(200);
    expect(listIds(res.body)).to.deep.equal([ids.torontoOpen]);
    expect(res.headers).to.include({ 'current-page': '2', 'page-items': '2', 'total-pages': '2', 'total-count': '3' });
    expect(res.headers.link)
      .to.include('location_name=Toronto+DC')
      .and.include('rel="prev"')
      .and.not.include('rel="next"');
  });

  it('loads a page with the same number of queries however many appointments it holds', async () => {
    const admin = world.as('admin');
    const items = [1, 2].map((quantity) => ({ product_name: 'Apples', quantity }));
    for (let i = 0; i < 4; i++) {
      await createAppointment(admin, {
        location_name: 'Toronto DC',
        scheduled_at: `2025-08-0${i + 1}T10:00:00`,
        dock_name: `Dock ${(i % 2) + 1}`,
        carrier_name: 'Fast Freight',
        customer_name: 'Fresh Market',
        packing_lists: items,
      });
    }
    const page = (perPage: number) =>
      countQueries(async () => {
        const res = await admin.get('/appointments', {
          per_page: perPage,
          location_name: 'Toronto DC',
          state: 'booked',
        });
        expect(res.body).to.have.length(perPage);
      });
    // The rate limit, and the page with its parts and its total (DECISIONS 263).
    const single = await page(1);
    expect(single).to.equal(2);
    expect(await page(4)).to.equal(single);
  });
});
