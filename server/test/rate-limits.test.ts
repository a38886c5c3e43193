import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestResponse, TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startTestServer, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { RateLimitCounters } from '../src/db/rate-limit-counters.js';

describe('rate limits', () => {
  let server: TestServer;
  let world: World;

  // Failed authentications have a per-address limit of their own (authentication-failures.test.ts).
  before(async () => ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } })));
  after(() => server.close());

  async function spend(count: number, request: () => Promise<TestResponse>): Promise<TestResponse[]> {
    const responses: TestResponse[] = [];
    for (let i = 0; i < count; i++) responses.push(await request());
    return responses;
  }

  /** How long the window lasts that the response's request started: X-RateLimit-Reset less the response's Date. */
  const windowOf = (res: TestResponse) => Date.parse(res.headers['x-ratelimit-reset']!) - Date.parse(res.headers.date!);

  function expectRefusal(res: TestResponse, limit: number) {
    expect(res.status).to.equal(429);
    expect(res.body.error).to.include('rate limit');
    expect(res.headers['x-ratelimit-limit']).to.equal(String(limit));
    expect(res.headers['x-ratelimit-remaining']).to.equal('0');
    expect(res.headers['retry-after']).to.equal(undefined);
    const reset = res.headers['x-ratelimit-reset']!;
    expect(reset).to.match(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Date.parse(reset)).to.be.greaterThan(Date.now());
  }

  it(
    'allows 120 requests a minute, counting down, then ' + 'answers 429 with the limit headers and no Retry-After',
    async () => {
      const admin = world.as('admin');
      const allowed = await spend(120, () => admin.get('/locations'));
      expect(allowed.every((res) => res.status === 200)).to.equal(true);
      expect(allowed[0]!.headers['x-ratelimit-limit']).to.equal('120');
      expect(allowed[0]!.headers['x-ratelimit-remaining']).to.equal('119');
      expect(allowed[119]!.headers['x-ratelimit-remaining']).to.equal('0');
      // Unless a test deployment shortens it, the window is the real minute from the first request.
      expect(windowOf(allowed[0]!)).to.be.within(60_000, 61_000);
      const refused = await admin.get('/locations');
      expectRefusal(refused, 120);
      expect(refused.body.error).to.include('120 requests per minute');
      expect(Date.parse(refused.headers['x-ratelimit-reset']!) - Date.now()).to.be.at.most(61_000);
    },
  );

  it('lets a test deployment shorten the minute window (WH_RATE_LIMIT_WINDOW_S), the headers saying when requests resume', async () => {
    const short = await startTestServer({ config: { rateLimitWindowS: 3, authFailuresPerMinute: 1000 } });
    try {
      const admin = (await createWorld(short)).as('admin');
      const first = await admin.get('/locations');
      expect(first.headers['x-ratelimit-limit']).to.equal('120');
      expect(windowOf(first)).to.be.within(3_000, 4_000);
      // The rest of the window's budget spent at once, so the refusal does not depend on how fast requests are.
      const key = `per-3s:${createHash('sha256').update(`Token ${admin.token}`).digest('hex')}`;
      await (await testOrm()).em.getConnection().execute('update rate_limits set points = 120 where key = ?', [key]);
      const refused = await admin.get('/locations');
      expectRefusal(refused, 120);
      expect(refused.body.error).to.include('120 requests per 3 s');
      const reset = Date.parse(refused.headers['x-ratelimit-reset']!);
      expect(reset).to.equal(Date.parse(first.headers['x-ratelimit-reset']!));
      // What a client does with the headers: wait until the reset, then be answered from a full budget.
      await sleep(Math.max(0, reset - Date.now()));
      const resumed = await admin.get('/locations');
      expect(resumed.status).to.equal(200);
      expect(resumed.headers['x-ratelimit-remaining']).to.equal('119');
    } finally {
      await short.close();
    }
  });

  it('shares one budget between the organization interface and location interfaces', async () => {
    await spend(60, () => world.as('admin').get('/locations'));
    await spend(60, () => world.as('admin', 'toronto').get('/products'));
    expectRefusal(await world.as('admin', 'auckland').get('/products'), 120);
    expectRefusal(await world.as('admin').get('/products'), 120);
  });

  it('counts per Authorization value, so another token keeps its own budget', async () => {
    await spend(121, () => world.as('admin').get('/locations'));
    expect((await world.as('integration').get('/locations')).status).to.equal(200);
  });

  it('counts no request without a valid token of the organization: those the per-address limit refuses', async () => {
    const other = await createWorld(server);
    for (const token of ['guess-0001', other.token('admin')]) {
      const answers = await spend(121, () => world.as({ token }).get('/locations'));
      expect(answers.map((res) => res.status)).to.deep.equal(Array(121).fill(401));
      expect(answers[0]!.headers['x-ratelimit-limit'], 'no budget is spent, so none is reported').to.equal(undefined);
    }
    const key = `per-60s:${createHash('sha256').update('Token guess-0001').digest('hex')}`;
    const rows = await (await testOrm()).em.getConnection().execute('select 1 from rate_limits where key = ?', [key]);
    expect(rows).to.deep.equal([]);
    expect((await other.as('admin').get('/locations')).headers['x-ratelimit-remaining']).to.equal('119');
  });

  it('sweeps counters whose window has ended', async () => {
    const connection = (await testOrm()).em.getConnection();
    const now = Date.now();
    await connection.execute('insert into rate_limits (key, points, expire) values (?, 1, ?), (?, 1, ?)', [
      'per-60s:ended',
      now - 1,
      'per-60s:running',
      now + 60_000,
    ]);
    expect(await new RateLimitCounters((await testOrm()).em).sweep(now)).to.be.at.least(1);
    const left = await connection.execute<{ key: string }[]>(
      "select key from rate_limits where key in ('per-60s:ended', 'per-60s:running')",
    );
    expect(left.map((row) => row.key)).to.deep.equal(['per-60s:running']);
  });

  it('reports the hourly limit when it is closer to exhaustion, and refuses past 5000 an hour', async () => {
    const em = (await testOrm()).em.fork();
    const key = `per-3600s:${createHash('sha256')
      .update(`Token ${world.token('integration')}`)
      .digest('hex')}`;
    await em
      .getConnection()
      .execute('insert into rate_limits (key, points, expire) values (?, ?, ?)', [key, 4990, Date.now() + 1_800_000]);

    const close = await world.as('integration').get('/locations');
    expect(close.status).to.equal(200);
    expect(close.headers['x-ratelimit-limit']).to.equal('5000');
    expect(close.headers['x-ratelimit-remaining']).to.equal('9');

    const answers = await spend(10, () => world.as('integration').get('/locations'));
    expectRefusal(answers[9]!, 5000);
    expect(Date.parse(answers[9]!.headers['x-ratelimit-reset']!) - Date.now()).to.be.greaterThan(60_000);
  });
});
