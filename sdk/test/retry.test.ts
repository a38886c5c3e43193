import { expect } from 'chai';
import type { ReplyFnContext } from 'nock';
import {
  ConnectionError,
  createClient,
  type RetryOptions,
  ServerError,
  TimeoutError,
  type TransientRetryEvent,
  toApiError,
} from '../src/index.js';
import { failureOf } from './support/failure.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });

/** A client whose waits are recorded instead of taken, with jitter fixed at its middle. */
function recordingClient(retry: RetryOptions = {}) {
  const waits: number[] = [];
  const events: TransientRetryEvent[] = [];
  const client = createClient({
    baseUrl: BASE,
    token: TOKEN,
    retry: {
      sleep: async (ms) => void waits.push(ms),
      ...retry,
      transient: { random: () => 0.5, onRetry: (event) => void events.push(event), ...retry.transient },
    },
  });
  return { client, waits, events };
}

describe('SDK retries after transient failures', () => {
  useNock();

  for (const status of [502, 503, 504]) {
    it(`repeats a GET after ${status} and resolves to the answer that follows`, async () => {
      const scope = api().get('/api/v1/locations').reply(status, 'Bad gateway').get('/api/v1/locations').reply(200, []);
      const { client, waits, events } = recordingClient();
      const { data, response } = await client.GET('/locations');
      expect(response.status).to.equal(200);
      expect(data).to.deep.equal([]);
      expect(waits).to.have.length(1);
      expect(events.map((event) => [event.attempt, (event.failure as Response).status])).to.deep.equal([[1, status]]);
      scope.done();
    });
  }

  it('repeats a GET whose connection was reset', async () => {
    const scope = api().get('/api/v1/locations').replyWithError(reset()).get('/api/v1/locations').reply(200, []);
    const { client, events } = recordingClient();
    const { data } = await client.GET('/locations');
    expect(data).to.deep.equal([]);
    expect(events[0]!.failure).to.be.instanceOf(ConnectionError).and.include({ code: 'ECONNRESET' });
    scope.done();
  });

  it('repeats PUT and DELETE, which are idempotent, with the same body', async () => {
    const bodies: unknown[] = [];
    const scope = api()
      .put('/api/v1/products/7', (body) => bodies.push(body) > 0)
      .reply(503)
      .put('/api/v1/products/7', (body) => bodies.push(body) > 0)
      .reply(200, { id: 7 })
      .delete('/api/v1/products/7')
      .replyWithError(reset())
      .delete('/api/v1/products/7')
      .reply(204);
    const { client } = recordingClient();
    const body = { product: { name: 'Apples' } };
    expect((await client.PUT('/products/{id}', { params: { path: { id: 7 } }, body })).response.status).to.equal(200);
    expect((await client.DELETE('/products/{id}', { params: { path: { id: 7 } } })).response.status).to.equal(204);
    expect(bodies).to.deep.equal([body, body]);
    scope.done();
  });

  it('waits longer before each further retry, with jitter within each step', async () => {
    api().get('/api/v1/locations').times(4).reply(503);
    const { client, waits } = recordingClient({ transient: { maxRetries: 3, baseDelay: 100, maxDelay: 300 } });
    const { response } = await client.GET('/locations');
    expect(response.status).to.equal(503);
    // Ceilings 100, 200, then 300 (capped); the wait is between half the ceiling and the ceiling.
    expect(waits).to.deep.equal([75, 150, 225]);

    api().get('/api/v1/locations').times(3).reply(503);
    const jittered: number[] = [];
    const low = createClient({
      baseUrl: BASE,
      token: TOKEN,
      retry: { sleep: async (ms) => void jittered.push(ms), transient: { random: () => 0, baseDelay: 100 } },
    });
    await low.GET('/locations');
    expect(jittered).to.deep.equal([50, 100]);
  });

  it('gives up after maxRetries (2 by default) and returns the last failure, a ServerError when converted', async () => {
    const scope = api().get('/api/v1/locations').times(3).reply(502, { error: 'upstream down' });
    const { client, waits } = recordingClient();
    const result = await client.GET('/locations');
    expect(result.response.status).to.equal(502);
    expect(toApiError(result)).to.be.instanceOf(ServerError);
    expect(waits).to.have.length(2);
    scope.done();
  });

  it('rejects with the ConnectionError once retries of a reset connection are spent', async () => {
    api().get('/api/v1/locations').times(3).replyWithError(reset());
    const { client } = recordingClient();
    expect(await failureOf(client.GET('/locations'))).to.be.instanceOf(ConnectionError);
  });

  /** A nock reply that records each request's Idempotency-Key, answering 503 first and then `success`. */
  const keyRecorder = (keys: unknown[], success: [number, unknown] = [503, '']) =>
    function (this: ReplyFnContext): [number, unknown] {
      keys.push(this.req.headers['idempotency-key']);
      return keys.length === 1 ? [503, ''] : success;
    };

  /** Answers a POST 503 first and 200 after, recording each request's Idempotency-Key. */
  function flakyCreate(keys: unknown[]) {
    return api()
      .post('/api/v1/purchase_orders', { purchase_order: { po_number: 'PO-1' } })
      .times(2)
      .reply(keyRecorder(keys, [200, { id: 1 }]));
  }
  const create = { body: { purchase_order: { po_number: 'PO-1' } } };

  it('sends a POST once by default: after a 503 the caller gets the 503, and no key was added', async () => {
    const keys: unknown[] = [];
    flakyCreate(keys);
    const { client, events } = recordingClient();
    const created = await client.POST('/purchase_orders', create);
    expect(created.response.status).to.equal(503);
    expect(keys).to.deep.equal([undefined]);
    expect(events).to.deep.equal([]);
  });

  it("does not repeat a POST by default even with the caller's own key: the deployment may ignore it", async () => {
    const keys: unknown[] = [];
    flakyCreate(keys);
    const { client } = recordingClient();
    const created = await client.POST('/purchase_orders', { ...create, headers: { 'Idempotency-Key': 'import-42' } });
    expect(created.response.status).to.equal(503);
    expect(keys).to.deep.equal(['import-42']);
  });

  it('does not repeat a POST whose connection was reset by default', async () => {
    const scope = api().post('/api/v1/purchase_orders').replyWithError(reset());
    const { client, events } = recordingClient();
    expect(await failureOf(client.POST('/purchase_orders', create))).to.be.instanceOf(ConnectionError);
    expect(events).to.deep.equal([]);
    scope.done();
  });

  describe('against a deployment declared to honour Idempotency-Key (extensions.idempotency)', () => {
    const declared = (retry: RetryOptions = {}) => {
      const waits: number[] = [];
      const client = createClient({
        baseUrl: BASE,
        token: TOKEN,
        extensions: { idempotency: true, etags: true },
        retry: { sleep: async (ms) => void waits.push(ms), ...retry },
      });
      return { client, waits };
    };

    it('gives a POST without a key a random one, and repeats it after a 503 with that same key', async () => {
      const keys: unknown[] = [];
      const scope = flakyCreate(keys);
      const { client, waits } = declared();
      const { data } = await client.POST('/purchase_orders', create);
      expect(data?.id).to.equal(1);
      expect(keys[0]).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[1]).to.equal(keys[0]);
      expect(waits).to.have.length(1);
      scope.done();
    });

    it("repeats a POST that carries the caller's key with that key and the same body", async () => {
      const keys: unknown[] = [];
      const scope = flakyCreate(keys);
      const { client } = declared();
      const { data } = await client.POST('/purchase_orders', {
        ...create,
        headers: { 'Idempotency-Key': 'import-42' },
      });
      expect(data?.id).to.equal(1);
      expect(keys).to.deep.equal(['import-42', 'import-42']);
      scope.done();
    });

    it('gives each POST its own key', async () => {
      const keys: unknown[] = [];
      api()
        .post('/api/v1/purchase_orders')
        .times(2)
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, { id: keys.length }];
        });
      const { client } = declared();
      await client.POST('/purchase_orders', create);
      await client.POST('/purchase_orders', create);
      expect(keys).to.have.length(2);
      expect(keys[0]).not.to.equal(keys[1]);
    });

    it('sends a POST without a key when transient retries are off', async () => {
      const keys: unknown[] = [];
      flakyCreate(keys);
      const { client } = declared({ transient: false });
      expect((await client.POST('/purchase_orders', create)).response.status).to.equal(503);
      expect(keys).to.deep.equal([undefined]);
    });

    it('adds no key to a POST whose operation takes none, and sends it once', async () => {
      const keys: unknown[] = [];
      const scope = api()
        .post('/api/v1/webhook_endpoints/7/rotate_secret')
        .times(2)
        .reply(keyRecorder(keys))
        .post('/api/v1/webhook_endpoints')
        .reply(keyRecorder(keys));
      const { client, waits } = declared();
      const rotate = await client.POST('/webhook_endpoints/{id}/rotate_secret', { params: { path: { id: 7 } } });
      expect(rotate.response.status).to.equal(503);
      // A path as `whctl api` passes it, not the template, is the same operation.
      const raw = await client.request('post', '/webhook_endpoints/7/rotate_secret' as never);
      expect(raw.response.status).to.equal(503);
      const endpoint = { webhook_endpoint: { url: 'https://erp.example.com/hooks' } };
      expect((await client.POST('/webhook_endpoints', { body: endpoint })).response.status).to.equal(503);
      expect(keys).to.deep.equal([undefined, undefined, undefined]);
      expect(waits).to.deep.equal([]);
      scope.done();
    });

    it('keys and repeats a POST named by its concrete path when its operation takes a key', async () => {
      const keys: unknown[] = [];
      const scope = api()
        .post('/api/v1/webhook_endpoints/7/recover')
        .times(2)
        .reply(keyRecorder(keys, [200, { deliveries: 0 }]));
      const { client } = declared();
      const recovered = await client.request(
        'post',
        '/webhook_endpoints/7/recover' as never,
        {
          body: { recovery: { since: '2026-12-01T00:00:00Z' } },
        } as never,
      );
      expect(recovered.response.status).to.equal(200);
      expect(keys[0]).to.be.a('string');
      expect(keys[1]).to.equal(keys[0]);
      scope.done();
    });

    it('never repeats a PATCH after a transient failure, key or not: the extension covers POST only', async () => {
      const scope = api()
        .patch('/api/v1/purchase_orders/1')
        .replyWithError(reset())
        .patch('/api/v1/purchase_orders/1')
        .reply(503);
      const { client, waits } = declared({ retryNonIdempotent: true });
      const update = { params: { path: { id: 1 } }, body: { purchase_order: {} } };
      expect(await failureOf(client.PATCH('/purchase_orders/{id}', update))).to.be.instanceOf(ConnectionError);
      const keyed = await client.PATCH('/purchase_orders/{id}', { ...update, headers: { 'Idempotency-Key': 'k-1' } });
      expect(keyed.response.status).to.equal(503);
      expect(waits).to.deep.equal([]);
      scope.done();
    });
  });

  it('refuses an extensions declaration of the wrong shape, saying what it expected', () => {
    const make = (extensions: unknown) => () =>
      createClient({ baseUrl: BASE, token: TOKEN, extensions: extensions as { idempotency?: boolean } });
    expect(make(['idempotency'])).to.throw(TypeError, 'extensions must be an object such as { idempotency: true }');
    expect(make('idempotency')).to.throw(TypeError, 'extensions must be an object');
    expect(make({ idempotence: true })).to.throw(
      TypeError,
      'extensions has an unknown key "idempotence" (expected idempotency, etags)',
    );
    expect(make({ idempotency: 'yes' })).to.throw(TypeError, 'extensions.idempotency must be true or false, got "yes"');
    expect(make({})).not.to.throw();
  });

  it('does not repeat other failures: 500, 4xx, a refused connection, a timeout', async () => {
    api()
      .get('/api/v1/locations')
      .reply(500)
      .get('/api/v1/products')
      .reply(404, { error: 'not found' })
      .get('/api/v1/companies')
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
      .get('/api/v1/appointments')
      .delay(300)
      .reply(200, []);
    const { client, events } = recordingClient();
    expect((await client.GET('/locations')).response.status).to.equal(500);
    expect((await client.GET('/products')).response.status).to.equal(404);
    expect(await failureOf(client.GET('/companies'))).to.be.instanceOf(ConnectionError);
    expect(await failureOf(client.GET('/appointments', { timeout: 20 }))).to.be.instanceOf(TimeoutError);
    expect(events).to.deep.equal([]);
  });

  it('lets the hook veto a retry, and turns retries off with transient: false', async () => {
    api().get('/api/v1/locations').reply(503).get('/api/v1/products').reply(503);
    const { client } = recordingClient({ transient: { onRetry: () => false } });
    expect((await client.GET('/locations')).response.status).to.equal(503);
    const off = createClient({ baseUrl: BASE, token: TOKEN, retry: { transient: false } });
    expect((await off.GET('/products')).response.status).to.equal(503);
  });

  it('counts transient retries and 429 waits apart, each within its own bound', async () => {
    const limited = { 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '0' };
    const scope = api()
      .get('/api/v1/locations')
      .reply(503)
      .get('/api/v1/locations')
      .reply(429, { error: 'Rate limit exceeded' }, { ...limited, 'X-RateLimit-Reset': new Date().toISOString() })
      .get('/api/v1/locations')
      .replyWithError(reset())
      .get('/api/v1/locations')
      .reply(200, []);
    const { client } = recordingClient({ transient: { maxRetries: 2 } });
    expect((await client.GET('/locations')).response.status).to.equal(200);
    scope.done();
  });

  describe('Retry-After', () => {
    const unavailable = (retryAfter: string, headers: Record<string, string> = {}) =>
      [503, { error: 'the service is unavailable for a moment' }, { 'Retry-After': retryAfter, ...headers }] as const;

    /** The waits a GET takes through `failures`, answered in turn, before the 200 after them. */
    async function waitsThrough(...failures: ReturnType<typeof unavailable>[]) {
      let scope = api();
      for (const failure of failures) scope = scope.get('/api/v1/locations').reply(...failure);
      scope = scope.get('/api/v1/locations').reply(200, []);
      const { client, waits } = recordingClient();
      expect((await client.GET('/locations')).response.status).to.equal(200);
      scope.done();
      return waits;
    }

    it('waits the seconds a 503 asks before repeating a GET, longer than its own backoff', async () => {
      expect(await waitsThrough(unavailable('2'))).to.deep.equal([2_000]);
    });

    it('waits until the HTTP date a 503 names, measured against its Date header', async () => {
      const date = 'Sat, 28 Nov 2026 14:00:00 GMT';
      expect(await waitsThrough(unavailable('Sat, 28 Nov 2026 14:00:03 GMT', { Date: date }))).to.deep.equal([3_000]);
    });

    it('keeps its backoff when Retry-After asks for less, or cannot be read', async () => {
      expect(await waitsThrough(unavailable('0'), unavailable('soon'))).to.deep.equal([375, 750]);
    });

    it('reads only the HTTP dates RFC 9110 names, as the server does: an ISO 8601 time is no Retry-After', async () => {
      const date = 'Sat, 28 Nov 2026 14:00:00 GMT';
      expect(
        await waitsThrough(
          unavailable('Saturday, 28-Nov-26 14:00:03 GMT', { Date: date }),
          unavailable('2026-11-28T14:00:03Z', { Date: date }),
        ),
      ).to.deep.equal([3_000, 750]);
    });

    it('returns the 503 at once when Retry-After asks for longer than maxWait', async () => {
      const scope = api()
        .get('/api/v1/locations')
        .reply(...unavailable('120'));
      const { client, waits } = recordingClient({ maxWait: 60_000 });
      expect((await client.GET('/locations')).response.status).to.equal(503);
      expect(waits).to.deep.equal([]);
      scope.done();
    });

    it('repeats a keyed POST after Retry-After when the deployment honours Idempotency-Key, with the same key', async () => {
      const keys: unknown[] = [];
      const scope = api()
        .post('/api/v1/products')
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return unavailable('2');
        })
        .post('/api/v1/products')
        .reply(function () {
          keys.push(this.req.headers['idempotency-key']);
          return [200, { id: 1 }];
        });
      const waits: number[] = [];
      const client = createClient({
        baseUrl: BASE,
        token: TOKEN,
        extensions: { idempotency: true },
        retry: { sleep: async (ms) => void waits.push(ms) },
      });
      const { data } = await client.POST('/products', {
        body: { product: { name: 'Apples', location_name: 'Toronto DC' } },
        headers: { 'Idempotency-Key': 'import-7' },
      });
      expect(data?.id).to.equal(1);
      expect(keys).to.deep.equal(['import-7', 'import-7']);
      expect(waits).to.deep.equal([2_000]);
      scope.done();
    });
  });

  it('stops waiting for the next try when the call times out', async () => {
    api().get('/api/v1/locations').reply(503);
    const client = createClient({ baseUrl: BASE, token: TOKEN, retry: { transient: { baseDelay: 5_000 } } });
    const error = await failureOf(client.GET('/locations', { timeout: 50 }));
    expect(error).to.be.instanceOf(TimeoutError).and.include({ timeout: 50 });
  });

  it('refuses bounds that are not non-negative numbers, saying which', () => {
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, retry: { transient: { maxRetries: 1.5 } } })).to.throw(
      TypeError,
      'transient.maxRetries must be a non-negative integer',
    );
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, retry: { transient: { baseDelay: -1 } } })).to.throw(
      TypeError,
      'transient.baseDelay',
    );
  });
});
