// `npm run bench`: the reference server's speed and the SDK's memory, measured on a real
// PostgreSQL with a seeded catalog. It prints latency percentiles and SQL queries per
// request. The query counts are deterministic, so a list whose count grows with its page
// size (an N+1) fails the run; timings are only reported.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
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
import { mb, ms, peakHeap, type Timing, time } from './measure.js';
import { benchFixture, seed, TOKEN } from './seed.js';

const PRODUCTS_PER_LOCATION = 10_000;
const ORDERS_PER_LOCATION = 2_000;

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'wh-bench-'));
  chmodSync(scratch, 0o755);
  const database = await startEmbeddedDatabase({ dataDir: scratch, ephemeral: true });
  const orm = await openOrm(database.url);
  // knex reports every SQL statement the ORM sends; the rate limiter's two upserts per
  // request use a raw connection and are not counted.
  let queries = 0;
  orm.em
    .getConnection()
    .getKnex()
    .on('query', () => void queries++);
  const countQueries = async (request: () => Promise<unknown>) => {
    queries = 0;
    await request();
    return queries;
  };
  let server: Server | undefined;
  try {
    await migrate(orm);
    await provision(orm.em, benchFixture);
    await seed(orm.em.fork(), PRODUCTS_PER_LOCATION, ORDERS_PER_LOCATION);

    // Silent: the benchmark measures the server, not the terminal it would print to.
    const logger = await createLogger({ logLevel: 'silent', logFormat: 'json' });
    const app = createApp({ orm, config: { ...configFromEnv({}), baseHost: 'localhost' }, logger });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const client = createClient({ baseUrl: `http://bench.localhost:${port}`, token: TOKEN, retry: false });
    // Each scenario starts with a full rate-limit budget and stays under 120 requests.
    const freshBudget = () => orm.em.getConnection().execute('delete from rate_limits');

    const rows: { scenario: string; timing: Timing; queries: number }[] = [];
    const scenario = async (name: string, runs: number, request: () => Promise<{ response: Response }>) => {
      await freshBudget();
      let statusProblem: number | undefined;
      const timing = await time(runs, async () => {
        const { response } = await request();
        if (!response.ok) statusProblem = response.status;
      });
      if (statusProblem) throw new Error(`${name} answered ${statusProblem}`);
      rows.push({ scenario: name, timing, queries: await countQueries(request) });
    };

    await scenario('GET /locations', 100, () => client.GET('/locations'));
    await scenario('GET /products, 10 per page', 100, () =>
      client.GET('/products', { params: { query: { per_page: 10 } } }),
    );
    await scenario('GET /products, 100 per page', 100, () =>
      client.GET('/products', { params: { query: { per_page: 100 } } }),
    );
    await scenario('GET /products, page 250 of 300', 100, () =>
      client.GET('/products', { params: { query: { per_page: 100, page: 250 } } }),
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

    // Flat memory: the heap grows no more over 100 pages than over 10.
    const walk = async (pages: number) => {
      await freshBudget();
      let records = 0;
      const started = performance.now();
      const heap = await peakHeap(async (tick) => {
        for await (const product of paginate(client, '/products', {
          params: { query: { location_name: 'Toronto DC', per_page: 100 } },
        })) {
          records += product.id > 0 ? 1 : 0;
          if (records % 500 === 0) tick();
          if (records === pages * 100) break;
        }
      });
      return { records, heap, elapsed: performance.now() - started };
    };
    const short = await walk(10);
    const long = await walk(100);

    console.log(
      `\nreference server, 3 warehouses with ${PRODUCTS_PER_LOCATION} products and ${ORDERS_PER_LOCATION} ` +
        'purchase orders each, one client, keep-alive\n',
    );
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
    for (const run of [short, long]) {
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
    server?.close();
    await orm.close();
    await database.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
