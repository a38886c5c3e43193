import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { countQueries, startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { DateTime } from 'luxon';
import { windowAt } from '../src/domain/product-limits/window.js';
import type { LocationFixture, ProductLimitFixture } from '../src/provision/fixture.js';

interface LimitDate {
  date: string;
  quantity: number;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  overridden: boolean;
}

interface Limit {
  id: number;
  location_name: string;
  product_name: string;
  quantity: number;
  start_time: string;
  end_time: string;
  days_of_week: number[];
  start_date: string;
  end_date: string | null;
  overrides: { date: string; quantity: number; start_time: string; end_time: string }[];
  dates: LimitDate[];
}

const weekdays = [1, 2, 3, 4, 5];

const limitsAt: Record<string, ProductLimitFixture[]> = {
  'Toronto DC': [
    {
      product: 'APL-001',
      quantity: 400,
      start_time: '06:00',
      end_time: '14:00',
      days_of_week: [5, 1, 2, 3, 4],
      start_date: '2025-01-01',
      overrides: [
        { date: '2025-03-08', quantity: 50 },
        { date: '2025-03-10', quantity: 100, start_time: '06:00', end_time: '10:00' },
      ],
    },
    {
      product: 'BAN-001',
      quantity: 120,
      start_time: '22:00',
      end_time: '04:00',
      start_date: '2025-03-01',
      end_date: '2025-03-31',
      overrides: [{ date: '2025-04-02', quantity: 1 }],
    },
    { product: 'CHR-001', quantity: 80, start_time: '01:30', end_time: '02:45', start_date: '2025-01-01' },
    {
      product: 'APL-001',
      quantity: 999,
      start_time: '05:00',
      end_time: '07:00',
      start_date: '2025-01-01',
      enabled: false,
    },
  ],
  'Vancouver DC': [
    { product: 'APL-001', quantity: 30, start_time: '08:00', end_time: '16:00', start_date: '2020-01-01' },
  ],
  'Auckland DC': [
    { product: 'KIW-001', quantity: 60, start_time: '07:00', end_time: '15:00', start_date: '2020-01-01' },
  ],
};

function withLimits(location: LocationFixture): LocationFixture {
  const products =
    location.name === 'Toronto DC'
      ? [...(location.products ?? []), { name: 'Cherries', sku: 'CHR-001' }]
      : location.name === 'Auckland DC'
        ? [{ name: 'Kiwifruit', sku: 'KIW-001' }]
        : location.products;
  return { ...location, products, product_limits: limitsAt[location.name] };
}

describe('product limits', () => {
  let server: TestServer;
  let world: World;

  before(
    async () =>
      ({ server, world } = await startWorld({
        shape: (organization) => ({ ...organization, locations: organization.locations.map(withLimits) }),
      })),
  );
  after(() => server.close());

  const list = async (client: ApiClient, query: Record<string, string | number> = {}) => {
    const res = await client.get('/product_limits', query);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.product_limits as Limit[];
  };
  const toronto = (query: Record<string, string | number>) =>
    list(world.as('admin'), { location_name: 'Toronto DC', ...query });
  const named = (limits: Limit[], product: string) => limits.find((limit) => limit.product_name === product)!;

  it(
    'answers the enabled limits wrapped in product_limits, ' + 'with local HH:MM times and the five pagination headers',
    async () => {
      const res = await world
        .as('admin')
        .get('/product_limits', { start_date: '2025-03-10', location_name: 'Toronto DC', per_page: 2 });
      expect(res.status).to.equal(200);
      expect(res.headers).to.include({
        'current-page': '1',
        'page-items': '2',
        'total-pages': '2',
        'total-count': '3',
      });
      expect(res.headers.link).to.include('rel="next"').and.include('start_date=2025-03-10');
      const [apples] = res.body.product_limits as Limit[];
      expect(apples).to.deep.include({
        location_name: 'Toronto DC',
        product_name: 'Apples',
        quantity: 400,
        start_time: '06:00',
        end_time: '14:00',
        days_of_week: weekdays,
        start_date: '2025-01-01',
        end_date: null,
      });
      expect((await toronto({ start_date: '2025-03-10' })).map((limit) => limit.quantity)).not.to.include(999);
    },
  );

  it(
    'expands each date on the limit weekdays, an override ' + 'replacing its date, even a weekday the limit skips',
    async () => {
      const apples = named(await toronto({ start_date: '2025-03-07', end_date: '2025-03-11' }), 'Apples');
      expect(apples.dates.map((d) => [d.date, d.quantity, d.start_time, d.end_time, d.overridden])).to.deep.equal([
        ['2025-03-07', 400, '06:00', '14:00', false],
        ['2025-03-08', 50, '06:00', '14:00', true],
        ['2025-03-10', 100, '06:00', '10:00', true],
        ['2025-03-11', 400, '06:00', '14:00', false],
      ]);
      expect(apples.overrides).to.deep.equal([
        { date: '2025-03-08', quantity: 50, start_time: '06:00', end_time: '14:00' },
        { date: '2025-03-10', quantity: 100, start_time: '06:00', end_time: '10:00' },
      ]);
    },
  );

  it('gives each date concrete instants in the warehouse zone, daylight saving applied', async () => {
    const apples = named(await toronto({ start_date: '2025-03-07', end_date: '2025-03-10' }), 'Apples');
    expect(apples.dates[0]).to.include({
      starts_at: '2025-03-07T06:00:00-05:00',
      ends_at: '2025-03-07T14:00:00-05:00',
    });
    expect(apples.dates.at(-1)).to.include({
      starts_at: '2025-03-10T06:00:00-04:00',
      ends_at: '2025-03-10T10:00:00-04:00',
    });
  });

  it('ends a window whose end is not after its start on the next day, across the March change', async () => {
    const bananas = named(await toronto({ start_date: '2025-03-08', end_date: '2025-03-08' }), 'Bananas');
    expect(bananas.dates).to.deep.equal([
      {
        date: '2025-03-08',
        quantity: 120,
        start_time: '22:00',
        end_time: '04:00',
        starts_at: '2025-03-08T22:00:00-05:00',
        ends_at: '2025-03-09T04:00:00-04:00',
        overridden: false,
      },
    ]);
  });

  it(
    'moves a local time skipped in March forward and reads ' + 'a repeated one in November as the earlier instant',
    async () => {
      const spring = named(await toronto({ start_date: '2025-03-09', end_date: '2025-03-09' }), 'Cherries');
      expect(spring.dates[0]).to.include({
        starts_at: '2025-03-09T01:30:00-05:00',
        ends_at: '2025-03-09T03:45:00-04:00',
      });
      const autumn = named(await toronto({ start_date: '2025-11-02', end_date: '2025-11-02' }), 'Cherries');
      expect(autumn.dates[0]).to.include({
        starts_at: '2025-11-02T01:30:00-04:00',
        ends_at: '2025-11-02T02:45:00-05:00',
      });
    },
  );

  it(
    'keeps to the limit date range, leaving out limits that ' +
      'do not meet the window and overrides outside the range',
    async () => {
      const edge = named(await toronto({ start_date: '2025-02-27', end_date: '2025-03-02' }), 'Bananas');
      expect(edge.dates.map((d) => d.date)).to.deep.equal(['2025-03-01', '2025-03-02']);
      const after = named(await toronto({ start_date: '2025-03-30', end_date: '2025-04-05' }), 'Bananas');
      expect(after.dates.map((d) => d.date)).to.deep.equal(['2025-03-30', '2025-03-31']);
      expect(after.overrides).to.deep.equal([]);
      const later = await toronto({ start_date: '2025-04-01' });
      expect(later.map((limit) => limit.product_name)).to.deep.equal(['Apples', 'Cherries']);
      const earlier = await toronto({ start_date: '2024-12-01', end_date: '2024-12-31' });
      expect(earlier).to.deep.equal([]);
    },
  );

  it('covers each warehouse own current date through seven days later when no dates are given', async () => {
    const todayIn = (zone: string) => DateTime.now().setZone(zone).toISODate()!;
    const zones = {
      'Vancouver DC': 'America/Vancouver',
      'Auckland DC': 'Pacific/Auckland',
      'Toronto DC': 'America/Toronto',
    };
    const before = Object.fromEntries(Object.entries(zones).map(([name, zone]) => [name, todayIn(zone)]));
    const limits = await list(world.as('admin'));
    const after = Object.fromEntries(Object.entries(zones).map(([name, zone]) => [name, todayIn(zone)]));

    for (const name of ['Vancouver DC', 'Auckland DC']) {
      const everyDay = limits.find((limit) => limit.location_name === name)!;
      const first = everyDay.dates[0]!.date;
      expect([before[name], after[name]], name).to.include(first);
      const expected = Array.from({ length: 8 }, (_, i) => DateTime.fromISO(first).plus({ days: i }).toISODate());
      expect(
        everyDay.dates.map((d) => d.date),
        name,
      ).to.deep.equal(expected);
    }
  });

  it('starts default windows on different dates across the date line at an instant when the local dates differ', () => {
    // 2025-06-01T15:00Z is 03:00 on June 2 in Auckland and 08:00 on June 1 in Vancouver.
    const now = new Date('2025-06-01T15:00:00Z');
    expect(windowAt('Pacific/Auckland', {}, now)).to.deep.equal({ start: '2025-06-02', end: '2025-06-09' });
    expect(windowAt('America/Vancouver', {}, now)).to.deep.equal({ start: '2025-06-01', end: '2025-06-08' });
    // With only an end_date, a warehouse already past it has an empty window rather than an error.
    expect(windowAt('Pacific/Auckland', { end_date: '2025-06-01' }, now)).to.equal(undefined);
    expect(windowAt('America/Vancouver', { end_date: '2025-06-01' }, now)).to.deep.equal({
      start: '2025-06-01',
      end: '2025-06-01',
    });
  });

  it('reads explicit dates as local dates of each warehouse, on either side of the date line', async () => {
    const limits = await list(world.as('admin'), { start_date: '2025-06-01', end_date: '2025-06-01' });
    const auckland = limits.find((limit) => limit.location_name === 'Auckland DC')!;
    const vancouver = limits.find((limit) => limit.location_name === 'Vancouver DC')!;
    expect(auckland.dates[0]).to.include({ date: '2025-06-01', starts_at: '2025-06-01T07:00:00+12:00' });
    expect(vancouver.dates[0]).to.include({ date: '2025-06-01', starts_at: '2025-06-01T08:00:00-07:00' });
  });

  it('ends the window seven days after an explicit start, and allows 92 dates but not 93', async () => {
    const apples = named(await toronto({ start_date: '2025-03-03' }), 'Apples');
    expect(apples.dates.map((d) => d.date).at(-1)).to.equal('2025-03-10');
    expect(
      (await world.as('admin').get('/product_limits', { start_date: '2025-01-01', end_date: '2025-04-02' })).status,
    ).to.equal(200);
    const tooLong = await world
      .as('admin')
      .get('/product_limits', { start_date: '2025-01-01', end_date: '2025-04-03' });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error).to.include('93 dates').and.include('92');
  });

  it(
    'answers 400 for an end_date before the start_date, ' + 'an end_date too far ahead and dates that do not exist',
    async () => {
      const admin = world.as('admin');
      const reversed = await admin.get('/product_limits', { start_date: '2025-03-10', end_date: '2025-03-09' });
      expect(reversed.status).to.equal(400);
      expect(reversed.body.error).to.include('before start_date');
      const farAhead = DateTime.now().plus({ days: 200 }).toISODate()!;
      expect((await admin.get('/product_limits', { end_date: farAhead })).status).to.equal(400);
      for (const query of [{ start_date: '2025-02-30' }, { end_date: '03/10/2025' }]) {
        const res = await admin.get('/product_limits', query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.error).to.include(Object.keys(query)[0]);
      }
    },
  );

  it('answers no limits, rather than 400, for an end_date already past every warehouse current date', async () => {
    expect(await list(world.as('admin'), { end_date: '2020-01-01' })).to.deep.equal([]);
  });

  it('filters by product name, case-insensitively and exactly', async () => {
    const apples = await list(world.as('admin'), { product_name: ' APPLES', start_date: '2025-03-10' });
    expect(apples.map((limit) => [limit.location_name, limit.product_name])).to.deep.equal([
      ['Toronto DC', 'Apples'],
      ['Vancouver DC', 'Apples'],
    ]);
    expect(await list(world.as('admin'), { product_name: 'Appl' })).to.deep.equal([]);
  });

  it(
    'narrows to a location, answering 404 for an unknown one and 403 for an inaccessible one, ' +
      'and lets read-only users read',
    async () => {
      const vancouver = await list(world.as('integration'), { location_name: 'vancouver dc' });
      expect(vancouver.map((limit) => limit.location_name)).to.deep.equal(['Vancouver DC']);
      expect((await world.as('admin').get('/product_limits', { location_name: 'Nowhere' })).status).to.equal(404);
      expect((await world.as('integration').get('/product_limits', { location_name: 'Auckland DC' })).status).to.equal(
        403,
      );
      const all = await list(world.as('integration'));
      expect([...new Set(all.map((limit) => limit.location_name))]).to.deep.equal(['Toronto DC', 'Vancouver DC']);
    },
  );

  it('lists only the address location on the location interface', async () => {
    const limits = await list(world.as('admin', 'auckland'));
    expect(limits.map((limit) => limit.product_name)).to.deep.equal(['Kiwifruit']);
  });

  it('loads a page with the same number of queries however many limits and overrides it holds', async () => {
    const page = (perPage: number) =>
      countQueries(async () =>
        expect(await list(world.as('admin'), { per_page: perPage, start_date: '2025-03-07' })).to.have.length(perPage),
      );
    expect(await page(5)).to.equal(await page(1));
  });
});
