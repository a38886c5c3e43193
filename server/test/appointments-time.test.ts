import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';

describe('appointment times and zones', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const at = (location_name: string, scheduled_at: string, extra: Record<string, unknown> = {}) =>
    createAppointment(world.as('admin'), { location_name, scheduled_at, ...extra });

  it('moves a Toronto time skipped by the March change forward by the gap, to daylight time', async () => {
    const body = await at('Toronto DC', '2025-03-09T02:30:00');
    expect(body).to.include({ scheduled_at: '2025-03-09T03:30:00-04:00', ends_at: '2025-03-09T04:30:00-04:00' });
  });

  it(
    'reads a Toronto time repeated by the November change ' + 'as the earlier instant, ending after the change',
    async () => {
      const body = await at('Toronto DC', '2025-11-02T01:30:00');
      expect(body).to.include({ scheduled_at: '2025-11-02T01:30:00-04:00', ends_at: '2025-11-02T01:30:00-05:00' });
    },
  );

  it('lets an explicit offset or Z choose the instant, rendering it in the warehouse zone', async () => {
    expect((await at('Toronto DC', '2025-03-09T09:00:00Z')).scheduled_at).to.equal('2025-03-09T05:00:00-04:00');
    expect((await at('Toronto DC', '2025-11-02T01:30:00-05:00')).scheduled_at).to.equal('2025-11-02T01:30:00-05:00');
    expect((await at('Auckland DC', '2025-01-15T12:00:00+0000')).scheduled_at).to.equal('2025-01-16T01:00:00+13:00');
  });

  it('reads offset-less times in the zone of the warehouse, on either side of the date line', async () => {
    const auckland = await at('Auckland DC', '2025-06-01T09:00:00');
    const vancouver = await at('Vancouver DC', '2025-05-31T14:00:00');
    expect(auckland.scheduled_at).to.equal('2025-06-01T09:00:00+12:00');
    expect(vancouver.scheduled_at).to.equal('2025-05-31T14:00:00-07:00');
    // One instant, two local dates.
    expect(Date.parse(auckland.scheduled_at)).to.equal(Date.parse(vancouver.scheduled_at));
  });

  it('applies Auckland daylight saving in September, when New Zealand springs forward', async () => {
    expect((await at('Auckland DC', '2025-09-28T02:30:00')).scheduled_at).to.equal('2025-09-28T03:30:00+13:00');
    expect((await at('Auckland DC', '2025-09-27T02:30:00')).scheduled_at).to.equal('2025-09-27T02:30:00+12:00');
  });

  it('reads offset-less times in the address zone on the location interface', async () => {
    const res = await world
      .as('admin', 'auckland')
      .post('/appointments', { appointment: { scheduled_at: '2025-06-01T09:00:00' } });
    expect(res.body.scheduled_at).to.equal('2025-06-01T09:00:00+12:00');
  });

  it('reads offset-less list filters in the query location zone, and as UTC without one', async () => {
    const toronto = await at('Toronto DC', '2025-07-10T09:00:00'); // 13:00Z
    const admin = world.as('admin');
    const inToronto = await admin.get('/appointments', {
      location_name: 'Toronto DC',
      start_time: '2025-07-10T10:00:00',
      end_time: '2025-07-10T23:00:00',
    });
    expect(inToronto.body.map((a: { id: number }) => a.id)).to.deep.equal([]);
    const inUtc = await admin.get('/appointments', {
      start_time: '2025-07-10T10:00:00',
      end_time: '2025-07-10T23:00:00',
    });
    expect(inUtc.body.map((a: { id: number }) => a.id)).to.deep.equal([toronto.id]);
    const earlierInToronto = await admin.get('/appointments', {
      location_name: 'Toronto DC',
      start_time: '2025-07-10T09:00:00',
      end_time: '2025-07-10T09:00:00',
    });
    expect(earlierInToronto.body.map((a: { id: number }) => a.id)).to.deep.equal([toronto.id]);
  });

  it('reads offset-less list filters in the address zone on the location interface', async () => {
    const auckland = await at('Auckland DC', '2025-08-01T00:30:00');
    const res = await world
      .as('admin', 'auckland')
      .get('/appointments', { start_time: '2025-08-01T00:00:00', end_time: '2025-08-01T01:00:00' });
    expect(res.body.map((a: { id: number }) => a.id)).to.deep.equal([auckland.id]);
  });
});
