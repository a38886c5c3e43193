import { expect } from 'chai';
import type { Middleware } from 'openapi-fetch';
import {
  createClient,
  RateLimitError,
  type RateLimitedEvent,
  type RetryOptions,
  readRateLimit,
  throttle,
  toApiError,
} from '../src/index.js';
import { failureOf } from './support/failure.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

const NOW = Date.parse('2025-03-09T14:04:58.500Z');

function limited(resetInMs: number, extra: Record<string, string> = {}) {
  return {
    'X-RateLimit-Limit': '120',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': new Date(NOW + resetInMs).toISOString(),
    ...extra,
  };
}

/** A client whose waits are recorded instead of taken, on a fixed clock. */
function recordingClient(retry: RetryOptions = {}, more: { throwOnError?: boolean; middleware?: Middleware[] } = {}) {
  const waits: number[] = [];
  const client = createClient({
    baseUrl: BASE,
    token: TOKEN,
    ...more,
    retry: { now: () => NOW, sleep: async (ms) => void waits.push(ms), ...retry },
  });
  return { client, waits };
}

describe('SDK rate limits', () => {
  useNock();

  it('reads the rate-limit headers of a successful answer, to slow down before a 429', async () => {
    api()
      .get('/api/v1/locations')
      .reply(200, [], { ...limited(30_000), 'X-RateLimit-Remaining': '3' });
    const { response } = await createClient({ baseUrl: BASE, token: TOKEN }).GET('/locations');
    expect(readRateLimit(response)).to.deep.equal({ limit: 120, remaining: 3, reset: new Date(NOW + 30_000) });
  });

  it('reads X-RateLimit-Reset in the extended ISO 8601 forms, an offset or a fraction included, and no impossible time', () => {
    const reset = (value: string) => readRateLimit(new Headers({ 'X-RateLimit-Reset': value })).reset?.toISOString();
    expect(reset('2025-03-09T14:05:00Z')).to.equal('2025-03-09T14:05:00.000Z');
    expect(reset(' 2025-03-09T14:05Z ')).to.equal('2025-03-09T14:05:00.000Z');
    expect(reset('2025-03-09T09:05:00.25-05:00')).to.equal('2025-03-09T14:05:00.250Z');
    expect(reset('2025-03-09T19:35:00+0530')).to.equal('2025-03-09T14:05:00.000Z');
    for (const unreadable of ['2025-02-30T00:00:00Z', '2025-03-09T24:00:00Z', '2025-03-09', '1741529100', 'soon'])
      expect(reset(unreadable), unreadable).to.equal(undefined);
  });

  it('waits until X-RateLimit-Reset after a 429 and then retries to success', async () => {
    const scope = api()
      .get('/api/v1/locations')
      .reply(429, { error: 'Rate limit exceeded' }, limited(1_500))
      .get('/api/v1/locations')
      .reply(200, [{ name: 'Toronto', url: 'acme-toronto', time_zone: 'America/Toronto' }]);
    const { client, waits } = recordingClient();
    const { data, error } = await client.GET('/locations');
    expect(error).to.equal(undefined);
    expect(data?.[0]?.name).to.equal('Toronto');
    expect(waits).to.deep.equal([1_500]);
    scope.done();
  });

  it('measures the wait against the server Date header, so a skewed local clock does not shorten it', async () => {
    const serverNow = NOW - 600_000; // the local clock runs ten minutes fast
    api()
      .get('/api/v1/locations')
      .reply(429, { error: 'Rate limit exceeded' }, limited(-598_000, { Date: new Date(serverNow).toUTCString() }))
      .get('/api/v1/locations')
      .reply(200, []);
    const { client, waits } = recordingClient();
    await client.GET('/locations');
    // The local clock would have said 0. Date has whole seconds (14:04:58 for 14:04:58.500),
    // so the wait errs on the long side, which never costs a second 429.
    expect(waits).to.deep.equal([2_500]);
  });

  it('retries at once when the reset has already passed', async () => {
    api().get('/api/v1/locations').reply(429, {}, limited(-5_000)).get('/api/v1/locations').reply(200, []);
    const { client, waits } = recordingClient();
    expect((await client.GET('/locations')).response.status).to.equal(200);
    expect(waits).to.deep.equal([0]);
  });

  it('gives up after maxRetries and returns the last 429, which converts to a RateLimitError', async () => {
    const scope = api().get('/api/v1/locations').times(3).reply(429, { error: 'Rate limit exceeded' }, limited(1_000));
    const { client, waits } = recordingClient({ maxRetries: 2 });
    const result = await client.GET('/locations');
    expect(waits).to.deep.equal([1_000, 1_000]);
    const error = toApiError(result);
    expect(error).to.be.instanceOf(RateLimitError);
    expect(error.rateLimit).to.deep.equal({ limit: 120, remaining: 0, reset: new Date(NOW + 1_000) });
    scope.done();
  });

  it("waits for a per-minute reset its whole seconds show 61 s after the answer's Date, as the API rounds them", async () => {
    // Refused 200 ms into a window, at 14:04:58.500: the window ends at 14:05:58.300, which the
    // reset rounds up to 14:05:59, and the Date header down to 14:04:58.
    const scope = api()
      .get('/api/v1/locations')
      .reply(
        429,
        { error: 'Rate limit exceeded' },
        {
          ...limited(0),
          'X-RateLimit-Reset': '2025-03-09T14:05:59Z',
          Date: 'Sun, 09 Mar 2025 14:04:58 GMT',
        },
      )
      .get('/api/v1/locations')
      .reply(200, []);
    const { client, waits } = recordingClient();
    expect((await client.GET('/locations')).response.status).to.equal(200);
    expect(waits).to.deep.equal([61_000]);
    scope.done();
  });

  it('does not wait past maxWait: an hourly limit resetting in 40 minutes returns the 429 at once', async () => {
    const scope = api()
      .get('/api/v1/locations')
      .reply(429, { error: 'Rate limit exceeded' }, limited(40 * 60_000));
    const { client, waits } = recordingClient();
    expect((await client.GET('/locations')).response.status).to.equal(429);
    expect(waits).to.deep.equal([]);
    scope.done();
  });

  for (const [what, headers] of [
    ['missing', { 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0' }],
    ['not ISO 8601', { 'X-RateLimit-Reset': 'in a minute' }],
  ] as const) {
    it(`does not guess a wait when X-RateLimit-Reset is ${what}`, async () => {
      const scope = api().get('/api/v1/locations').reply(429, { error: 'Rate limit exceeded' }, headers);
      const { client, waits } = recordingClient();
      const result = await client.GET('/locations');
      expect(waits).to.deep.equal([]);
      expect(toApiError(result).rateLimit.reset).to.equal(undefined);
      scope.done();
    });
  }

  it('never repeats a POST or a PATCH after a 429 unless the caller opts in', async () => {
    api()
      .post('/api/v1/purchase_orders')
      .reply(429, { error: 'Rate limit exceeded' }, limited(1_000))
      .patch('/api/v1/purchase_orders/4')
      .reply(429, { error: 'Rate limit exceeded' }, limited(1_000));
    const { client, waits } = recordingClient();
    const created = await client.POST('/purchase_orders', { body: { purchase_order: { po_number: 'PO-1' } } });
    const updated = await client.PATCH('/purchase_orders/{id}', {
      params: { path: { id: 4 } },
      body: { purchase_order: { notes: 'x' } },
    });
    expect([created.response.status, updated.response.status]).to.deep.equal([429, 429]);
    expect(waits).to.deep.equal([]);
  });

  it('repeats a POST with the same body when the caller opts in', async () => {
    const body = { purchase_order: { po_number: 'PO-1', location_name: 'Toronto' } };
    const scope = api()
      .post('/api/v1/purchase_orders', body)
      .reply(429, { error: 'Rate limit exceeded' }, limited(700))
      .post('/api/v1/purchase_orders', body)
      .reply(200, { id: 1, po_number: 'PO-1' });
    const { client, waits } = recordingClient({ retryNonIdempotent: true });
    const { data } = await client.POST('/purchase_orders', { body });
    expect(data?.id).to.equal(1);
    expect(waits).to.deep.equal([700]);
    scope.done();
  });

  it('repeats PUT and DELETE, which are idempotent, with their bodies', async () => {
    const body = { product: { name: 'Widget' } };
    const scope = api()
      .put('/api/v1/products/3', body)
      .reply(429, {}, limited(100))
      .put('/api/v1/products/3', body)
      .reply(200, { id: 3 })
      .delete('/api/v1/products/3')
      .reply(429, {}, limited(200))
      .delete('/api/v1/products/3')
      .reply(204);
    const { client, waits } = recordingClient();
    expect((await client.PUT('/products/{id}', { params: { path: { id: 3 } }, body })).response.status).to.equal(200);
    expect((await client.DELETE('/products/{id}', { params: { path: { id: 3 } } })).response.status).to.equal(204);
    expect(waits).to.deep.equal([100, 200]);
    scope.done();
  });

  it('repeats the request as the other middleware left it', async () => {
    const stamp: Middleware = { onRequest: ({ request }) => void request.headers.set('X-Batch', 'nightly') };
    const scope = api()
      .matchHeader('x-batch', 'nightly')
      .get('/api/v1/locations')
      .reply(429, {}, limited(10))
      .get('/api/v1/locations')
      .reply(200, []);
    const { client } = recordingClient({}, { middleware: [stamp] });
    expect((await client.GET('/locations')).response.status).to.equal(200);
    scope.done();
  });

  it('tells the hook about each wait, with attempt, wait and the rate-limit headers', async () => {
    api()
      .get('/api/v1/locations')
      .reply(429, {}, limited(300))
      .get('/api/v1/locations')
      .reply(429, {}, limited(200))
      .get('/api/v1/locations')
      .reply(200, []);
    const events: RateLimitedEvent[] = [];
    const { client } = recordingClient({ onRateLimited: (event) => void events.push(event) });
    await client.GET('/locations');
    expect(events.map(({ attempt, wait, request }) => [attempt, wait, request.method])).to.deep.equal([
      [1, 300, 'GET'],
      [2, 200, 'GET'],
    ]);
    expect(events[0]?.rateLimit).to.deep.equal({ limit: 120, remaining: 0, reset: new Date(NOW + 300) });
    expect(events[0]?.response.status).to.equal(429);
  });

  it('lets the hook veto a retry and hand back the 429', async () => {
    const scope = api().get('/api/v1/locations').reply(429, { error: 'Rate limit exceeded' }, limited(300));
    const { client, waits } = recordingClient({ onRateLimited: () => false });
    expect((await client.GET('/locations')).response.status).to.equal(429);
    expect(waits).to.deep.equal([]);
    scope.done();
  });

  it('stops waiting for the reset when the request is aborted', async () => {
    api()
      .get('/api/v1/locations')
      .reply(429, {}, { 'X-RateLimit-Reset': new Date(Date.now() + 30_000).toISOString() });
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    const failure = await failureOf(client.GET('/locations', { signal: AbortSignal.timeout(30) }));
    expect(failure).to.have.property('name', 'TimeoutError');
  });

  it('retries before throw-on-error mode decides, so a 429 then 200 resolves', async () => {
    api().get('/api/v1/locations').reply(429, {}, limited(10)).get('/api/v1/locations').reply(200, []);
    const { client } = recordingClient({}, { throwOnError: true });
    expect((await client.GET('/locations')).data).to.deep.equal([]);
  });

  it('throws a RateLimitError in throw-on-error mode once retries are spent', async () => {
    api().get('/api/v1/locations').times(2).reply(429, { error: 'Rate limit exceeded' }, limited(10));
    const { client } = recordingClient({ maxRetries: 1 }, { throwOnError: true });
    expect(await failureOf(client.GET('/locations'))).to.be.instanceOf(RateLimitError);
  });

  it('returns a 429 at once when retries are turned off', async () => {
    const scope = api().get('/api/v1/locations').reply(429, {}, limited(10));
    const client = createClient({ baseUrl: BASE, token: TOKEN, retry: false });
    expect((await client.GET('/locations')).response.status).to.equal(429);
    scope.done();
  });

  it('refuses retry bounds that are not non-negative numbers, saying which', () => {
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, retry: { maxRetries: -1 } })).to.throw(
      TypeError,
      /maxRetries must be a non-negative integer/,
    );
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, retry: { maxRetries: 1.5 } })).to.throw(
      TypeError,
      /maxRetries/,
    );
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, retry: { maxWait: Number.NaN } })).to.throw(
      TypeError,
      /maxWait must be a non-negative number/,
    );
  });

  describe('spacing requests with a throttle', () => {
    it('holds back requests beyond the limit of a window', async () => {
      const scope = api().get('/api/v1/locations').times(3).reply(200, []);
      let delayed = 0;
      const client = createClient({
        baseUrl: BASE,
        token: TOKEN,
        middleware: [throttle({ limit: 1, interval: 20, onDelay: () => delayed++ })],
      });
      const statuses = await Promise.all([1, 2, 3].map(async () => (await client.GET('/locations')).response.status));
      expect(statuses).to.deep.equal([200, 200, 200]);
      expect(delayed).to.equal(2);
      scope.done();
    });

    it('shares one budget between an organization client and a location client of the same token', async () => {
      api().get('/api/v1/locations').reply(200, []);
      api('https://acme-toronto.example.test').get('/api/v1/locations').reply(200, []);
      let delayed = 0;
      const shared = throttle({ limit: 1, interval: 20, onDelay: () => delayed++ });
      const org = createClient({ baseUrl: BASE, token: TOKEN, middleware: [shared] });
      const toronto = createClient({
        baseUrl: 'https://acme-toronto.example.test',
        token: TOKEN,
        middleware: [shared],
      });
      await Promise.all([org.GET('/locations'), toronto.GET('/locations')]);
      expect(delayed).to.equal(1);
    });

    it('stops waiting for the throttle when the request is aborted', async () => {
      api().get('/api/v1/locations').reply(200, []);
      const client = createClient({ baseUrl: BASE, token: TOKEN, middleware: [throttle({ limit: 1, interval: 300 })] });
      await client.GET('/locations');
      expect(await failureOf(client.GET('/locations', { signal: AbortSignal.timeout(20) }))).to.have.property(
        'name',
        'TimeoutError',
      );
    });

    it('refuses a limit or interval that would never let a request through', () => {
      expect(() => throttle({ limit: 0, interval: 1_000 })).to.throw(TypeError, /whole limit >= 1/);
      expect(() => throttle({ limit: 1, interval: 0 })).to.throw(TypeError, /interval > 0/);
    });
  });
});
