// `npm run bench`: the reference server's speed and the SDK's memory, measured on a real
// PostgreSQL with a seeded catalog (options in options.ts). It prints
// - the full stack's throughput against the floor (floor-server.ts), a bare node:http + pg
//   server sending the same statements, for five lists and two writes (floor-writes.ts), medians
//   of interleaved rounds, and their ratio taken within rounds (ratioOf in throughput.ts); for
//   the writes also the floor without its event rows, and the ratio floor/floor without
//   events: what events cost at the floor (issue 22);
// - SQL statements per request, counted on the pool (statements.ts), and with --explain the plans;
// - single-client latencies of more lists, and page 1,000 against page 1;
// - the SDK's heap while it pages through 1,000 and then 100,000 records (not with --quick);
// - webhook delivery to a local receiver: latency after a write, and a 10,000-event backlog drained.
// Statement counts are deterministic, so a list whose count grows with its page size (an
// N+1) fails the run; timings are only reported.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createClient, paginate } from '@warehouse-kit/sdk';
import {
  configFromEnv,
  createApp,
  createLogger,
  migrate,
  openOrm,
  provision,
  startEmbeddedDatabase,
} from '@warehouse-kit/server';
import pg from 'pg';
import { timeBulkUpload } from './bulk-upload.js';
import { explain } from './explain.js';
import { type Replay, replayOf, startFloorServer } from './floor-server.js';
import { mb, ms, peakHeap, type Timing, time } from './measure.js';
import { benchOptions } from './options.js';
import { LoadProfiler } from './profile.js';
import { benchFixture, ORGANIZATION_HOST, seed, seedSize, TOKEN, WALK_HOST, WALK_TOKEN } from './seed.js';
import { statementsOf } from './statements.js';
import { compare, type Route, ratioOf, settle, type Target } from './throughput.js';
import { benchWebhooks } from './webhooks.js';
import { writeRequest } from './write-request.js';
import { writeRoutes, writeScope } from './write-routes.js';

const POOL_SIZE = 10;
/** How many times the lists' rounds the writes run. */
const WRITE_ROUNDS = 2;
const LOAD_TOKENS = 1_000;
const SEED_TIMEOUT_MS = 60 * 60_000;

async function main(): Promise<void> {
  const options = benchOptions(process.argv.slice(2));
  const size = seedSize(options.rows, LOAD_TOKENS, options.quick ? 0 : 100_000);
  const scratch = mkdtempSync(join(tmpdir(), 'wh-bench-'));
  chmodSync(scratch, 0o755);
  const database = await startEmbeddedDatabase({ dataDir: scratch, ephemeral: true });
  const orm = await openOrm(database.url, { poolSize: POOL_SIZE });
  let server: Server | undefined;
  let floor: Awaited<ReturnType<typeof startFloorServer>> | undefined;
  let floorWithoutEvents: typeof floor;
  let watcher: pg.Pool | undefined;
  let profiler: LoadProfiler | undefined;
  try {
    // Seeding a million rows a warehouse takes minutes a statement: on a connection of its own
    // without the server's bound on a statement (WH_DB_TIMEOUT_MS, DECISIONS 371), which the
    // measured server keeps.
    const seeding = await openOrm(database.url, { poolSize: POOL_SIZE, timeoutMs: SEED_TIMEOUT_MS });
    let seedStarted = 0;
    try {
      await migrate(seeding);
      await provision(seeding.em.fork(), benchFixture);
      seedStarted = performance.now();
      await seed(seeding.em.fork(), size);
    } finally {
      await seeding.close();
    }
    console.log(
      `seeded 3 warehouses with ${size.productsPerLocation} products and ${size.ordersPerLocation} purchase ` +
        `orders (3 items each) each, ${size.loadTokens} API users, and ${size.walkRecords} products for the SDK's ` +
        `walk, in ${ms(performance.now() - seedStarted)}`,
    );

    // Silent: the benchmark measures the server, not the terminal it would print to.
    const logger = await createLogger({ logLevel: 'silent', logFormat: 'json' });
    // Webhooks go to a receiver on loopback (benchWebhooks), their secrets under a key of this run's.
    const config = {
      ...configFromEnv({}),
      baseHost: 'localhost',
      webhookAllowPrivate: true,
      webhookSecretKey: randomBytes(32).toString('base64url'),
    };
    const app = createApp({ orm, config, logger });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = createClient({
      baseUrl: `http://${ORGANIZATION_HOST}.localhost:${port}`,
      token: TOKEN,
      retry: false,
    });
    const freshBudget = () => orm.em.getConnection().execute('delete from rate_limits');

    const routes: Route[] = [
      { name: 'GET /products', path: '/api/v1/products' },
      { name: 'GET /purchase_orders', path: '/api/v1/purchase_orders' },
      { name: 'GET /appointments', path: '/api/v1/appointments' },
      { name: 'GET /companies', path: '/api/v1/companies' },
      { name: 'GET booked search', path: '/api/v1/purchase_orders/with_booked_appointments' },
    ];
    // node:http rather than fetch, which neither resolves *.localhost nor lets a Host header through.
    const sendTo = (targetPort: number, sent: { method: string; path: string; body?: string }) =>
      new Promise<void>((resolve, reject) => {
        const headers = {
          host: `${ORGANIZATION_HOST}.localhost`,
          authorization: `Token ${TOKEN}`,
          ...(sent.body === undefined ? {} : { 'content-type': 'application/json' }),
        };
        const { method, path } = sent;
        request({ host: '127.0.0.1', port: targetPort, method, path, headers }, (response) => {
          response
            .resume()
            .on('end', () =>
              response.statusCode === 200 || response.statusCode === 201
                ? resolve()
                : reject(new Error(`${method} ${path} answered ${response.statusCode}`)),
            );
        })
          .on('error', reject)
          .end(sent.body);
      });
    const fetchFrom = (targetPort: number, path: string) => sendTo(targetPort, { method: 'GET', path });
    await freshBudget();
    // The floor replays what the full stack sends in steady state: counted warm, since the
    // first request of a token also loads its user into the cache.
    const replays = new Map<string, Replay>();
    for (const route of routes) {
      await fetchFrom(port, route.path);
      replays.set(route.path, replayOf(await statementsOf(orm, () => fetchFrom(port, route.path))));
    }
    const scope = await writeScope(orm.em.fork());
    floor = await startFloorServer(database.url, POOL_SIZE, replays, { ...scope, events: true });
    // The same floor without the event rows: only the writes are measured on it.
    floorWithoutEvents = await startFloorServer(database.url, POOL_SIZE, replays, { ...scope, events: false });
    watcher = new pg.Pool({ connectionString: database.url, max: 1 });
    const writes = await writeRoutes(orm.em.fork(), scope);
    const listTargets: Target[] = [
      { name: 'full stack', port, beforeRound: freshBudget },
      { name: 'floor', port: floor.port },
    ];
    const writeTargets: Target[] = [...listTargets, { name: 'floor, no events', port: floorWithoutEvents.port }];
    if (options.profile) {
      const measuring = new LoadProfiler('full stack');
      await measuring.open();
      profiler = measuring;
      for (const [i, target] of writeTargets.entries())
        writeTargets[i] = { ...target, measured: (route, round) => measuring.during(route.name, target.name, round) };
    }
    /** Statements per request, for each target in its order. */
    const statements = new Map<string, number[]>();
    for (const route of routes) {
      const counts = [];
      for (const target of listTargets)
        counts.push((await statementsOf(orm, () => fetchFrom(target.port, route.path))).length);
      statements.set(route.name, counts);
    }
    let sentWrites = 0;
    for (const route of writes) {
      const counts = [];
      for (const target of writeTargets) {
        // Warm first: the full stack's first request of a token also loads its user. A change
        // rotates over orders at three warehouses, and the first write at each also reads its
        // custom fields (DECISIONS 295): the fewest of three writes is the steady state.
        const write = () => sendTo(target.port, writeRequest(route.write!, route.path, sentWrites++));
        await write();
        const sent = [];
        for (let i = 0; i < 3; i++) sent.push((await statementsOf(orm, write)).length);
        counts.push(Math.min(...sent));
      }
      statements.set(route.name, counts);
    }

    if (options.explain) {
      const lists: [string, string, string[]][] = [
        ['GET /products', '/api/v1/products', ['products', 'record_counts']],
        ['GET /products?name=', '/api/v1/products?name=product%2012', ['products']],
        ['GET /products?sku=', '/api/v1/products?sku=sku-toronto-4242', ['products']],
        ['GET /products page 1000', '/api/v1/products?page=1000', ['products']],
        // One statement: items and booked appointments nested, the kept count as a column.
        ['GET /purchase_orders', '/api/v1/purchase_orders', ['purchase_orders']],
        ['GET /purchase_orders?po_number=', '/api/v1/purchase_orders?po_number=PO-toronto-42', ['purchase_orders']],
        [
          'GET /purchase_orders?updated_since=',
          '/api/v1/purchase_orders?updated_since=2100-01-01T00:00:00Z',
          ['purchase_orders'],
        ],
      ];
      for (const [name, path, tables] of lists) {
        const sent = await statementsOf(orm, () => fetchFrom(port, path));
        console.log(`\n== EXPLAIN ${name}\n${(await explain(orm.em.fork(), sent, tables)).join('\n\n')}`);
      }
    }

    console.log(
      `\nthroughput: ${options.connections} connections, ${LOAD_TOKENS} tokens rotated, medians of ` +
        `${options.rounds} interleaved rounds of ${options.duration} s (writes ${WRITE_ROUNDS * options.rounds}; ` +
        `autocannon in its own process), ` +
        `ratios taken within rounds (the median over each two consecutive rounds); ` +
        `machine: ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${mb(totalmem())} RAM`,
    );
    const shape = {
      settle: () => settle(watcher!),
      host: `${ORGANIZATION_HOST}.localhost`,
      tokenCount: LOAD_TOKENS,
      connections: options.connections,
      rounds: options.rounds,
      seconds: options.duration,
      warmup: options.quick ? 1 : 2,
    };
    // Writes run twice the rounds: what events cost is a difference of a few per cent between the
    // two floors, while a round's ratio of them strays further (twelve rounds of new orders: most
    // 0.90-0.95, the extremes 0.81 and 1.03), so its median needs more rounds than the lists'.
    const comparisons = [
      ...(await compare(listTargets, routes, shape)),
      ...(await compare(writeTargets, writes, { ...shape, rounds: WRITE_ROUNDS * shape.rounds })),
    ];
    console.log(
      [
        'route'.padEnd(22),
        'server'.padEnd(14),
        'req/s'.padStart(9),
        'p50'.padStart(9),
        'p99'.padStart(9),
        'SQL/req'.padStart(8),
      ].join(' '),
    );
    for (const comparison of comparisons) {
      const { route, medians } = comparison;
      const counts = statements.get(route);
      for (const [i, median] of medians.entries()) {
        console.log(
          [
            route.padEnd(22),
            median.target.padEnd(14),
            median.requestsPerSecond.toFixed(0).padStart(9),
            `${median.p50} ms`.padStart(9),
            `${median.p99} ms`.padStart(9),
            String(counts?.[i] ?? '-').padStart(8),
          ].join(' '),
        );
      }
      const [full, , withoutEvents] = medians;
      console.log(
        `${route.padEnd(22)} ratio full/floor: ${ratioOf(comparison, 0, 1).toFixed(2)}, ` +
          `p99/p50 of the full stack: ${(full!.p99 / full!.p50).toFixed(1)}`,
      );
      if (withoutEvents) {
        const ratio = ratioOf(comparison, 1, 2);
        console.log(
          `${route.padEnd(22)} ratio floor/floor without events: ${ratio.toFixed(2)} ` +
            `(events cost ${((1 - ratio) * 100).toFixed(0)} % of the floor's writes; target at most 10 %)`,
        );
      }
    }
    console.log(
      'Writes: both floors send the rate-limit write, then begin, the same inserts or updates ' +
        '(a new order: the order and its 10 items in one statement; a changed item: the order locked, the item), ' +
        'and commit; "floor" also inserts the event row, as its last statement before commit, "floor, no events" does not. ' +
        'The full stack sends its event row as its last statement too.',
    );
    if (profiler)
      console.log(
        [
          '\nwhere the measured write rounds spent their time (--profile; the req/s above paid for the profiler):',
          ...profiler.report(),
        ].join('\n'),
      );

    const rows: { scenario: string; timing: Timing; queries: number }[] = [];
    // Lists that still count by scanning (the booked search, appointments) take seconds each at
    // a million rows: fewer runs keep the whole bench within minutes there.
    const scenario = async (name: string, fullRuns: number, request: () => Promise<{ response: Response }>) => {
      const runs = options.rows > 100_000 || options.quick ? Math.ceil(fullRuns / 10) : fullRuns;
      await freshBudget();
      let statusProblem: number | undefined;
      const timing = await time(runs, async () => {
        const { response } = await request();
        if (!response.ok) statusProblem = response.status;
      });
      if (statusProblem) throw new Error(`${name} answered ${statusProblem}`);
      rows.push({ scenario: name, timing, queries: (await statementsOf(orm, request)).length });
    };

    await scenario('GET /locations', 100, () => client.GET('/locations'));
    await scenario('GET /products, page 1 of 25', 100, () =>
      client.GET('/products', { params: { query: { per_page: 25 } } }),
    );
    await scenario('GET /products, page 1000 of 25', 100, () =>
      client.GET('/products', { params: { query: { per_page: 25, page: 1000 } } }),
    );
    await scenario('GET /products, 10 per page', 100, () =>
      client.GET('/products', { params: { query: { per_page: 10 } } }),
    );
    await scenario('GET /products, 100 per page', 100, () =>
      client.GET('/products', { params: { query: { per_page: 100 } } }),
    );
    await scenario('GET /products?name= (prefix, indexed)', 100, () =>
      client.GET('/products', { params: { query: { name: 'product 12' } } }),
    );
    await scenario('GET /products?sku= (exact, indexed)', 100, () =>
      client.GET('/products', { params: { query: { sku: 'sku-toronto-4242' } } }),
    );
    await scenario('GET /companies, 100 per page', 100, () =>
      client.GET('/companies', { params: { query: { per_page: 100 } } }),
    );
    await scenario('GET /purchase_orders, 10 per page', 50, () =>
      client.GET('/purchase_orders', { params: { query: { per_page: 10 } } }),
    );
    await scenario('GET /purchase_orders, 100 per page', 50, () =>
      client.GET('/purchase_orders', { params: { query: { per_page: 100 } } }),
    );
    await scenario('GET booked search, limit 10', 50, () =>
      client.GET('/purchase_orders/with_booked_appointments', { params: { query: { limit: 10 } } }),
    );
    await scenario('GET booked search, limit 250', 50, () =>
      client.GET('/purchase_orders/with_booked_appointments', { params: { query: { limit: 250 } } }),
    );
    await scenario('GET /appointments, 10 per page', 50, () =>
      client.GET('/appointments', { params: { query: { per_page: 10 } } }),
    );
    await scenario('GET /appointments, 100 per page', 50, () =>
      client.GET('/appointments', { params: { query: { per_page: 100 } } }),
    );

    await freshBudget();
    let bulk = { status: 0, milliseconds: 0 };
    const bulkStatements = await statementsOf(orm, async () => {
      bulk = await timeBulkUpload(port, 'bench-toronto.localhost', TOKEN, String(Date.now()));
    });
    if (bulk.status !== 200) throw new Error(`the bulk upload answered ${bulk.status}`);
    // Draining the 10,000-event backlog alone takes most of a minute: not part of --quick.
    const webhooks = options.quick ? undefined : await benchWebhooks(orm, config, client, logger, freshBudget);

    // Flat memory: the heap grows no more over 1,000 pages than over 10. One token's budget is
    // 120 requests a minute, so the budget is refreshed every 100 pages.
    const walker = createClient({ baseUrl: `http://${WALK_HOST}.localhost:${port}`, token: WALK_TOKEN, retry: false });
    const walk = async (pages: number) => {
      await freshBudget();
      let records = 0;
      const started = performance.now();
      const heap = await peakHeap(async (tick) => {
        for await (const product of paginate(walker, '/products', { params: { query: { per_page: 100 } } })) {
          records += product.id > 0 ? 1 : 0;
          if (records % 500 === 0) tick();
          if (records % 10_000 === 0) await freshBudget();
          if (records === pages * 100) break;
        }
      });
      return { records, heap, elapsed: performance.now() - started };
    };
    const walks = options.quick ? [] : [await walk(10), await walk(1_000)];

    console.log('\none client, keep-alive, one token\n');
    console.log(
      ['scenario'.padEnd(40), 'p50'.padStart(9), 'p95'.padStart(9), 'max'.padStart(9), 'SQL/request'.padStart(12)].join(
        ' ',
      ),
    );
    for (const { scenario: name, timing, queries: perRequest } of rows) {
      console.log(
        [
          name.padEnd(40),
          ms(timing.p50).padStart(9),
          ms(timing.p95).padStart(9),
          ms(timing.max).padStart(9),
          perRequest.toFixed(1).padStart(12),
        ].join(' '),
      );
    }
    const timingOf = (name: string) => rows.find((row) => row.scenario === name)!.timing;
    const [first, deep] = [timingOf('GET /products, page 1 of 25'), timingOf('GET /products, page 1000 of 25')];
    console.log(`page 1000 / page 1 (p50): ${(deep.p50 / first.p50).toFixed(2)}`);
    console.log(
      `bulk upload of 1000 products and 1000 orders with 3 items each: ${ms(bulk.milliseconds)}, ` +
        `${bulkStatements.length} SQL statements`,
    );
    if (webhooks)
      console.log(
        `webhooks to a local receiver: ${webhooks.writes} writes one by one, delivered ${ms(webhooks.p50)} (p50) and ` +
          `${ms(webhooks.p99)} (p99) after the answer; a backlog of ${webhooks.backlog} events drained by one process ` +
          `in ${ms(webhooks.drainMs)}`,
      );
    for (const run of walks) {
      console.log(
        `SDK paginate over ${run.records} records (${run.records / 100} pages): ${ms(run.elapsed)}, ` +
          `peak heap growth ${mb(run.heap)}`,
      );
    }

    const queriesOf = (name: string) => rows.find((row) => row.scenario === name)!.queries;
    const pairs: [string, string][] = [
      ['GET /products, 10 per page', 'GET /products, 100 per page'],
      ['GET /purchase_orders, 10 per page', 'GET /purchase_orders, 100 per page'],
      ['GET booked search, limit 10', 'GET booked search, limit 250'],
      ['GET /appointments, 10 per page', 'GET /appointments, 100 per page'],
    ];
    for (const [small, large] of pairs) {
      if (queriesOf(small) !== queriesOf(large)) {
        console.error(
          `FAIL: ${large} sends ${queriesOf(large)} queries against ${queriesOf(small)} for ${small} (an N+1)`,
        );
        process.exitCode = 1;
      }
    }
  } finally {
    profiler?.close();
    server?.close();
    await floor?.close();
    await floorWithoutEvents?.close();
    await watcher?.end();
    await orm.close();
    await database.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
