import { startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { json, whctl } from './support/whctl.js';

describe('whctl appointments and product limits against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(async () => {
    ({ server, world } = await startWorld({
      baseHost: 'localhost',
      shape: (organization) => {
        const toronto = organization.locations[0]!;
        toronto.product_limits = [
          {
            product: 'APL-001',
            quantity: 400,
            start_time: '06:00',
            end_time: '14:00',
            start_date: '2026-01-01',
            overrides: [{ date: '2026-12-24', quantity: 100 }],
          },
        ];
        return organization;
      },
    }));
  });
  after(() => server.close());

  const admin = (...args: string[]) =>
    whctl(args, { env: { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin') } });

  it("schedules an appointment in the warehouse's local time, approves it and cancels it by state", async () => {
    const created = await admin(
      'appointments',
      'create',
      '--location',
      'Toronto DC',
      '--scheduled-at',
      '2026-07-01T09:00:00',
      '--dock',
      'dock 1',
      '--carrier',
      'Careful Carriers',
      '--duration',
      '90',
    );
    expect(created.code, created.stderr).to.equal(0);
    const { id, state, scheduled_at: scheduledAt, ends_at: endsAt } = json(created);
    expect([state, scheduledAt, endsAt]).to.deep.equal([
      'pending',
      '2026-07-01T09:00:00-04:00',
      '2026-07-01T10:30:00-04:00',
    ]);

    expect(json(await admin('appointments', 'update', String(id), '--state', 'booked')).state).to.equal('booked');
    const listed = await admin(
      'appointments',
      'list',
      '--location',
      'Toronto DC',
      '--state',
      'booked',
      '--start-time',
      '2026-07-01T00:00:00',
      '--end-time',
      '2026-07-01T23:59:00',
    );
    expect(json(listed).map((appointment: { id: number }) => appointment.id)).to.deep.equal([id]);

    expect(json(await admin('appointments', 'update', String(id), '--state', 'cancelled')).state).to.equal('cancelled');
    const again = await admin('appointments', 'update', String(id), '--state', 'booked');
    expect(again.code).to.equal(5);
    expect(again.stderr).to.match(/^whctl: 422 Unprocessable Entity: state /);
  });

  it('lists product limits for chosen dates, with overrides applied', async () => {
    const run = await admin(
      'product-limits',
      'list',
      '--location',
      'Toronto DC',
      '--start-date',
      '2026-12-23',
      '--end-date',
      '2026-12-24',
    );
    expect(run.code, run.stderr).to.equal(0);
    const [limit, ...others] = json(run);
    expect(others).to.deep.equal([]);
    expect(limit).to.include({ location_name: 'Toronto DC', product_name: 'Apples', quantity: 400 });
    expect(limit.dates.map((date: { date: string; quantity: number }) => [date.date, date.quantity])).to.deep.equal([
      ['2026-12-23', 400],
      ['2026-12-24', 100],
    ]);
  });

  it('refuses a date that is not YYYY-MM-DD before asking the API', async () => {
    const run = await admin('product-limits', 'list', '--start-date', '12/23/2026');
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('expected a local date YYYY-MM-DD');
  });
});
