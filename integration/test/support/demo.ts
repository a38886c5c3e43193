// The demo of `npm start` (`wh-server start --demo`) on a database of its own in the run's
// PostgreSQL, so its records have the IDs a fresh demo gives them (product 1 is Toronto's
// Apples) and no other test sees what the examples change. After a change, `restore` puts
// every table and sequence back as they were when the demo was ready.
import { randomBytes } from 'node:crypto';
import { type Orm, openOrm } from '@warehouse-kit/server';
import {
  type ChildServer,
  startChildServer,
  stopChildServer,
  testDatabaseUrl,
  testOrm,
} from '@warehouse-kit/testing/server';

export interface Demo {
  server: ChildServer;
  /** Its database, the DATABASE_URL that wh-server's commands take. */
  databaseUrl: string;
  /** `http://<subdomain>.localhost:<port>`, an address of the demo. */
  url(subdomain: string): string;
  /** The demo's database, for looking at what a command left. */
  orm: Orm;
  /** Takes the snapshot `restore` returns to: call once the demo holds what the examples expect. */
  snapshot(): Promise<void>;
  /** Every table and sequence as at `snapshot`, and full rate-limit budgets. */
  restore(): Promise<void>;
  /** How many events were written since `snapshot`: every change to a record writes one. */
  eventsSinceSnapshot(): Promise<number>;
  /** Full rate-limit budgets for every token, as each test of the run starts with. */
  resetRateLimits(): Promise<void>;
  stop(): Promise<void>;
}

const SNAPSHOT = 'demo_snapshot';

/** PostgreSQL's deadlock_detected. */
const DEADLOCK = '40P01';

/**
 * Tables left as the server keeps them: its migrations, and the directory version, which only
 * grows, so that the server reloads what it cached once a restore may have changed it.
 */
const KEPT = new Set(['mikro_orm_migrations', 'directory_version']);

/** A database of its own on the run's PostgreSQL server, dropped by `stop`. */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wh_demo_${randomBytes(4).toString('hex')}`;
  const connection = (await testOrm()).em.getConnection();
  await connection.execute(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => void (await connection.execute(`drop database ${name} with (force)`)),
  };
}

export async function startDemo(env: NodeJS.ProcessEnv = {}): Promise<Demo> {
  const database = await createDatabase();
  const server = await startChildServer(['--demo'], {
    DATABASE_URL: database.url,
    WH_BASE_HOST: 'localhost',
    // A line per request, not the debug trace of each: the run's log stays readable.
    WH_LOG_LEVEL: 'info',
    ...env,
  });
  const orm = await openOrm(database.url);
  const sql = orm.em.getConnection();
  let tables: string[] = [];
  let sequences: { name: string; value: string | null }[] = [];

  return {
    server,
    databaseUrl: database.url,
    orm,
    url: (subdomain) => `http://${subdomain}.localhost:${server.port}`,
    async snapshot() {
      const rows = await sql.execute<{ tablename: string }[]>(
        "select tablename from pg_tables where schemaname = 'public' order by tablename",
      );
      tables = rows.map((row) => row.tablename).filter((table) => !KEPT.has(table));
      await sql.execute(`drop schema if exists ${SNAPSHOT} cascade; create schema ${SNAPSHOT}`);
      for (const table of tables) await sql.execute(`create table ${SNAPSHOT}.${table} as table public.${table}`);
      sequences = (
        await sql.execute<{ sequencename: string; last_value: string | null }[]>(
          "select sequencename, last_value from pg_sequences where schemaname = 'public'",
        )
      ).map((row) => ({ name: row.sequencename, value: row.last_value }));
    },
    async restore() {
      if (!tables.length) throw new Error('restore() before snapshot()');
      const statements = [
        // Triggers off: the rows go back exactly as they were, versions and counts included.
        'set local session_replication_role = replica',
        // DELETE rather than TRUNCATE: the tables are small, and TRUNCATE makes new files for each.
        ...tables.map((table) => `delete from public.${table}`),
        ...tables.map((table) => `insert into public.${table} overriding system value table ${SNAPSHOT}.${table}`),
        ...sequences.map(({ name, value }) =>
          value === null ? `select setval('public.${name}', 1, false)` : `select setval('public.${name}', ${value})`,
        ),
        'update directory_version set version = version + 1',
        'delete from rate_limits',
      ];
      // The server's own work (a webhook delivery, the events sweep) may hold a lock the truncate
      // waits for while waiting for one it took: PostgreSQL then ends one side, and this one tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          await orm.em.getKnex().transaction((transaction) => transaction.raw(statements.join(';\n')));
          return;
        } catch (error) {
          if ((error as { code?: string }).code !== DEADLOCK || attempt === 5) throw error;
        }
      }
    },
    async eventsSinceSnapshot() {
      const [{ count }] = await sql.execute<[{ count: string }]>(
        `select (select count(*) from public.events) - (select count(*) from ${SNAPSHOT}.events) as count`,
      );
      return Number(count);
    },
    async resetRateLimits() {
      await sql.execute('delete from rate_limits');
    },
    async stop() {
      await stopChildServer(server.child);
      await orm.close();
      await database.drop();
    },
  };
}
