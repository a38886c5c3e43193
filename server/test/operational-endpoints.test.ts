import { readFileSync } from 'node:fs';
import { loadDocument, specPath } from '@warehouse-kit/spec/document';
import {
  type ChildServer,
  send,
  startChildServer,
  startTestServer,
  startWorld,
  stopChildServer,
  TEST_BASE_HOST,
  type TestServer,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { childEnv } from './support/child-env.js';
import { createUnmigratedDatabase, type UnmigratedDatabase } from './support/unmigrated-database.js';

describe('operational endpoints', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ captureLog: true })));
  after(() => server.close());

  /** The base host, an organization, a location and a host that serves no one. */
  const hosts = () => [TEST_BASE_HOST, world.host(), world.host('toronto'), `nobody.${TEST_BASE_HOST}`];
  const get = (path: string, host: string, headers: Record<string, string> = {}) =>
    send(server.port, host, 'GET', path, { headers });

  describe('health', () => {
    it('answers /healthz and /readyz on every host, without a token', async () => {
      for (const host of hosts()) {
        const health = await get('/healthz', host);
        expect(health.status, host).to.equal(200);
        expect(health.body).to.deep.equal({ status: 'ok' });
        const ready = await get('/readyz', host);
        expect(ready.status, host).to.equal(200);
        expect(ready.body).to.deep.equal({ status: 'ready' });
      }
    });

    it('does not rate limit them or spend the budget of the token they carry', async () => {
      const headers = { authorization: `Token ${world.token('admin')}` };
      for (let i = 0; i < 130; i++) {
        const res = await get(i % 2 ? '/healthz' : '/readyz', world.host(), headers);
        expect(res.status).to.equal(200);
        expect(res.headers['x-ratelimit-limit']).to.equal(undefined);
      }
      expect((await world.as('admin').get('/locations')).headers['x-ratelimit-remaining']).to.equal('119');
    });

    it('logs them below info level', async () => {
      const res = await get('/healthz', world.host());
      const record = server.logRecords().find((line) => line.request_id === res.headers['x-request-id']);
      expect(record).to.include({ level: 'debug', operation: 'healthz', status: 200 });
    });

    describe('on a database without migrations', () => {
      let unmigrated: UnmigratedDatabase;
      let unready: TestServer;

      before(async () => {
        unmigrated = await createUnmigratedDatabase();
        unready = await startTestServer({ orm: unmigrated.orm });
      });
      after(async () => {
        await unready.close();
        await unmigrated.drop();
      });

      it('is live but not ready, and says which migrations are missing', async () => {
        expect((await send(unready.port, TEST_BASE_HOST, 'GET', '/healthz')).status).to.equal(200);
        const ready = await send(unready.port, TEST_BASE_HOST, 'GET', '/readyz');
        expect(ready.status).to.equal(503);
        expect(ready.body).to.deep.equal({
          status: 'unavailable',
          reason:
            'migrations not applied: Migration20261122000000_initial, Migration20261123100000_performance, ' +
            'Migration20261123200000_safe_writes, Migration20261123300000_limit_dates, ' +
            'Migration20261124100000_events, Migration20261127100000_webhooks, Migration20261127200000_perf, ' +
            'Migration20261127300000_booked_counts, Migration20261127400000_custom_fields_directory, ' +
            'Migration20261127500000_count_slots, Migration20261127600000_events_without_foreign_keys, ' +
            'Migration20261201330000_webhook_tenancy, Migration20261202100000_location_statistics, ' +
            'Migration20261207100000_organization_ids, Migration20261207110000_idempotency_bodies_as_bytes, ' +
            'Migration20261208100000_claims_held_by_transactions, Migration20261208200000_counts_without_waits, ' +
            'Migration20261209100000_versions_once_per_transaction',
        });
      });
    });
  });

  describe('metrics', () => {
    const scrape = async () => {
      const res = await get('/metrics', TEST_BASE_HOST);
      expect(res.status).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
      return res.body as string;
    };
    const value = (text: string, series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? 0 : Number(line.slice(series.length + 1));
    };

    it('counts requests and their latency by operation, method and status', async () => {
      const series = 'wh_http_requests_total{operation="listLocations",method="GET",status="200"}';
      const before = value(await scrape(), series);
      await world.as('admin').get('/locations');
      await world.as('admin').get('/locations');
      const text = await scrape();
      expect(value(text, series)).to.equal(before + 2);
      expect(
        value(text, 'wh_http_request_duration_seconds_count{operation="listLocations",method="GET",status="200"}'),
      ).to.equal(before + 2);
      expect(text).to.include('wh_http_request_duration_seconds_bucket{le="0.05",operation="listLocations"');
    });

    it('counts failed authentications and rate-limit rejections', async () => {
      const before = await scrape();
      await world.as({ token: 'wrong-token' }).get('/locations');
      // The minute's budget of the integration token, spent, then one more.
      for (let i = 0; i < 120; i++) await world.as('integration').get('/locations');
      expect((await world.as('integration').get('/locations')).status).to.equal(429);
      const after = await scrape();
      const failures = 'wh_authentication_failures_total';
      expect(value(after, failures)).to.equal(value(before, failures) + 1);
      const refusals = 'wh_rate_limit_rejections_total{limit="120"}';
      expect(value(after, refusals)).to.equal(value(before, refusals) + 1);
    });

    it("reports the database pool, the event loop's lag and the process", async () => {
      const text = await scrape();
      for (const name of [
        'wh_db_pool_connections_in_use',
        'wh_db_pool_requests_waiting',
        'nodejs_eventloop_lag_seconds',
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
      ])
        expect(text).to.match(new RegExp(`^${name} \\d`, 'm'));
    });

    it('answers on every host without a token, not counting against a rate limit', async () => {
      for (const host of hosts()) expect((await get('/metrics', host)).status, host).to.equal(200);
    });

    describe('with WH_METRICS_TOKEN', () => {
      const token = 'a-metrics-token-for-the-scraper';
      let guarded: TestServer;
      before(async () => (guarded = await startTestServer({ config: { metricsToken: token } })));
      after(() => guarded.close());

      it('needs that bearer token, and refuses any other with 401', async () => {
        for (const authorization of [undefined, 'Bearer wrong-token', `Token ${token}`, token]) {
          const res = await send(guarded.port, TEST_BASE_HOST, 'GET', '/metrics', {
            headers: authorization ? { authorization } : {},
          });
          expect(res.status, authorization).to.equal(401);
          expect(res.headers['www-authenticate']).to.equal('Bearer realm="metrics"');
          expect(res.body.error).to.include('Bearer');
        }
        const res = await send(guarded.port, TEST_BASE_HOST, 'GET', '/metrics', {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.status).to.equal(200);
        expect(res.body).to.include('wh_http_requests_total');
      });

      it('counts a wrong token against the failed-authentication limit of the address, shared with the API', async () => {
        const strict = await startTestServer({ config: { metricsToken: token, authFailuresPerMinute: 3 } });
        try {
          const scrape = (authorization: string) =>
            send(strict.port, TEST_BASE_HOST, 'GET', '/metrics', { headers: { authorization } });
          const statuses: number[] = [];
          for (let i = 0; i < 3; i++) statuses.push((await scrape(`Bearer guess-${i}`)).status);
          expect(statuses).to.deep.equal([401, 401, 401]);
          const refused = await scrape('Bearer guess-3');
          expect(refused.status).to.equal(429);
          expect(refused.headers['x-ratelimit-limit']).to.equal('3');
          const api = await send(strict.port, world.host(), 'GET', '/api/v1/locations', {
            headers: { authorization: 'Token guess-4' },
          });
          expect(api.status, 'the API counts the same failures').to.equal(429);
          expect((await scrape(`Bearer ${token}`)).status, 'the right token still scrapes').to.equal(200);
        } finally {
          await strict.close();
        }
      });
    });
  });

  describe("metrics by the client's address, as the server sees it after WH_TRUST_PROXY", () => {
    let exposed: TestServer;
    let proxied: TestServer;
    let guarded: TestServer;
    const token = 'a-metrics-token-for-the-scraper';
    const forwardedFor = (address: string) => ({ headers: { 'x-forwarded-for': address } });

    before(async () => {
      exposed = await startTestServer({ config: { host: '0.0.0.0' } });
      // Behind a proxy on the same host: the server listens on loopback, and every client comes through it.
      proxied = await startTestServer({ config: { trustProxy: ['loopback'] } });
      guarded = await startTestServer({ config: { trustProxy: ['loopback'], metricsToken: token } });
    });
    after(async () => {
      await exposed.close();
      await proxied.close();
      await guarded.close();
    });

    it('are closed to a client the proxy forwards, and say how to open them', async () => {
      const res = await send(proxied.port, TEST_BASE_HOST, 'GET', '/metrics', forwardedFor('203.0.113.9'));
      expect(res.status).to.equal(404);
      expect(res.body.error).to.equal(
        '/metrics is served to clients on loopback only; ' +
          'set WH_METRICS_TOKEN, or WH_METRICS_ADDRESS to serve it on an address of its own',
      );
      const mapped = await send(proxied.port, TEST_BASE_HOST, 'GET', '/metrics', forwardedFor('::ffff:10.0.0.7'));
      expect(mapped.status).to.equal(404);
      expect(
        (await send(proxied.port, TEST_BASE_HOST, 'GET', '/healthz', forwardedFor('203.0.113.9'))).status,
      ).to.equal(200);
    });

    it('are open to a client on loopback, whatever address the server listens on', async () => {
      for (const [port, options] of [
        [proxied.port, forwardedFor('127.0.0.1')],
        [proxied.port, {}],
        [exposed.port, {}],
      ] as const) {
        const res = await send(port, TEST_BASE_HOST, 'GET', '/metrics', options);
        expect(res.status).to.equal(200);
        expect(res.body).to.include('wh_http_requests_total');
      }
    });

    it('need WH_METRICS_TOKEN when it is set, from any client', async () => {
      expect((await send(guarded.port, TEST_BASE_HOST, 'GET', '/metrics')).status).to.equal(401);
      const res = await send(guarded.port, TEST_BASE_HOST, 'GET', '/metrics', {
        headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include('wh_http_requests_total');
    });
  });

  describe('metrics on an address of their own (WH_METRICS_ADDRESS)', function () {
    this.timeout(60_000);
    let child: ChildServer;
    let metricsPort: number;

    before(async () => {
      child = await startChildServer([], childEnv({ WH_METRICS_ADDRESS: '127.0.0.1:0' }));
      metricsPort = Number(/"metrics":"http:\/\/127\.0\.0\.1:(\d+)\/metrics"/.exec(child.output())![1]);
    });
    after(() => stopChildServer(child.child));

    it('serves /metrics there and nowhere else, and nothing else there', async () => {
      const scraped = await send(metricsPort, TEST_BASE_HOST, 'GET', '/metrics');
      expect(scraped.status).to.equal(200);
      expect(scraped.body).to.include('wh_http_requests_total');
      const main = await send(child.port, TEST_BASE_HOST, 'GET', '/metrics');
      expect(main.status).to.equal(404);
      expect(main.body.error).to.equal('/metrics is served on WH_METRICS_ADDRESS only');
      expect((await send(child.port, TEST_BASE_HOST, 'GET', '/healthz')).status).to.equal(200);
      for (const path of ['/healthz', '/api/v1/locations', '/docs']) {
        const res = await send(metricsPort, TEST_BASE_HOST, 'GET', path);
        expect(res.status, path).to.equal(404);
      }
    });
  });

  describe('the contract', () => {
    it('serves the spec as JSON and as the YAML file, on every host without a token', async () => {
      const yaml = readFileSync(specPath, 'utf8');
      for (const host of hosts()) {
        const json = await get('/api/v1/openapi.json', host);
        expect(json.status, host).to.equal(200);
        expect(json.headers['content-type']).to.equal('application/json; charset=utf-8');
        expect(json.body).to.deep.equal(loadDocument());
        const text = await get('/api/v1/openapi.yaml', host);
        expect(text.status, host).to.equal(200);
        expect(text.headers['content-type']).to.equal('application/yaml; charset=utf-8');
        expect(text.body).to.equal(yaml);
      }
    });
  });
});
