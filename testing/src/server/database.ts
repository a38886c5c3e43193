// The test run's ORM on the PostgreSQL the global fixture started, migrated once, and the
// budgets every test starts with in full.
import diagnostics_channel from 'node:diagnostics_channel';
import {
  affectedRows,
  migrate,
  type Orm,
  openOrm,
  raw,
  recordTables,
  rows,
  type SentStatement,
  STATEMENTS_CHANNEL,
  sql,
} from '@warehouse-kit/server';

let shared: Promise<Orm> | undefined;

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set; run the tests through mocha so the global fixture starts PostgreSQL',
    );
  return url;
}

/**
 * In `mocha --parallel` each worker process runs its files on a database of its own in the
 * run's PostgreSQL, so that tests which read whole tables (rate limits, the events feed) or
 * empty them before each test never see another worker's rows. A no-op in a serial run.
 */
export async function useWorkerDatabase(): Promise<void> {
  const worker = process.env.MOCHA_WORKER_ID;
  if (worker === undefined || shared) return;
  const url = new URL(testDatabaseUrl());
  const name = `wh_test_worker_${Number.parseInt(worker, 10)}`;
  if (url.pathname === `/${name}`) return;
  const admin = await openOrm(url.toString());
  try {
    await rows(admin.em, sql`create database ${raw(name)}`);
  } catch (error) {
    // 42P04: a worker that was replaced left its database; its rows are the tests' own.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await admin.close();
  }
  url.pathname = `/${name}`;
  process.env.TEST_DATABASE_URL = url.toString();
}

/** Where the test run's internal row ids start, far from any organization's own ids. */
const INTERNAL_IDS_FROM = 1_000_000_000;

/**
 * Moves each record table's own id sequence to INTERNAL_IDS_FROM at least, so that in the test
 * run a row's internal id never equals the id the API shows for it (an organization's ids count
 * from 1, DECISIONS 440): a response, lookup or message that used the internal one fails.
 */
async function separateInternalIds(orm: Orm): Promise<void> {
  for (const table of recordTables) {
    await rows(
      orm.em,
      sql`select setval(pg_get_serial_sequence(${table}, 'id'),
        greatest(${INTERNAL_IDS_FROM}::bigint, (select coalesce(max(id), 0) from ${raw(table)})))`,
    );
  }
}

export function testOrm(): Promise<Orm> {
  shared ??= openOrm(testDatabaseUrl()).then(async (orm) => {
    await migrate(orm);
    await separateInternalIds(orm);
    return orm;
  });
  return shared;
}

export async function closeTestOrm(): Promise<void> {
  const orm = await shared;
  shared = undefined;
  await orm?.close();
}

/** Rate-limit counters are shared by the whole run; each test starts with a full budget, failed authentications too. */
export async function resetRateLimits(): Promise<void> {
  if (!shared) return;
  const orm = await shared;
  await affectedRows(orm.em, sql`delete from rate_limits`);
}

/**
 * The SQL statements `run` sends on the test run's database, in order: the server's own, which
 * its statements module publishes (sql/statements.ts, the BEGIN and COMMIT of a request's write
 * included), and those knex sends for the ORM (the unit of work and its transactions, in
 * provisioning), which knex announces on its `query` event.
 */
export async function recordQueries(run: () => Promise<unknown>): Promise<string[]> {
  const { em } = await testOrm();
  const database = em.getConnection();
  const knex = database.getKnex();
  const sent: string[] = [];
  const fromKnex = (query: { sql: string }) => sent.push(query.sql);
  const fromServer = (message: unknown) => {
    const statement = message as SentStatement;
    if (statement.database === database) sent.push(statement.text);
  };
  knex.on('query', fromKnex);
  diagnostics_channel.subscribe(STATEMENTS_CHANNEL, fromServer);
  try {
    await run();
  } finally {
    knex.removeListener('query', fromKnex);
    diagnostics_channel.unsubscribe(STATEMENTS_CHANNEL, fromServer);
  }
  return sent;
}

/** How many SQL statements `run` sends, counted on the test run's shared connection pool. */
export async function countQueries(run: () => Promise<unknown>): Promise<number> {
  return (await recordQueries(run)).length;
}
