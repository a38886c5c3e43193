// The database the server runs on: DATABASE_URL when set, otherwise an embedded PostgreSQL
// kept in WH_DATA_DIR that starts and stops with the server.
import type { ServerConfig } from '../config.js';
import { systemReason } from '../system-error.js';
import { runningEmbeddedDatabase, startEmbeddedDatabase } from './embedded.js';
import { type Orm, openOrm, type PoolOptions } from './orm.js';

export interface Database {
  url: string;
  /** Where it lives, for the start-up banner (never the password). */
  description: string;
  /** The setting that chose it, for a refusal to name. */
  chosenBy: 'DATABASE_URL' | 'WH_DATA_DIR';
  close(): Promise<void>;
}

/** The database cannot be reached: an operator's matter, reported in one line. */
export class DatabaseUnreachableError extends Error {
  override name = 'DatabaseUnreachableError';
}

/**
 * PostgreSQL's SQLSTATEs that refuse the connection itself: a connection exception (class 08),
 * a refused user or password (28), no such database (3D000), a server starting or stopping
 * (57P01-57P03), too many connections (53300).
 */
const REFUSED = /^(?:08|28|3D000|57P0[1-3]|53300)/;

/** The ORM on `database`; a database that cannot be reached is a DatabaseUnreachableError naming it. */
export async function connectOrm(database: Database, pool: PoolOptions): Promise<Orm> {
  try {
    return await openOrm(database.url, pool);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const refused = typeof code === 'string' && REFUSED.test(code);
    // PostgreSQL's own first line names the user or the database it refused, never the password.
    const refusedParameter = /unsupported startup parameter/.test((error as Error).message)
      ? '; a pooler (PgBouncer) refuses them: set WH_DB_POOLER to its pool mode, session or transaction'
      : '';
    const reason =
      systemReason(error) ??
      (refused || refusedParameter ? `${(error as Error).message.split('\n')[0]}${refusedParameter}` : undefined);
    if (!reason) throw error;
    throw new DatabaseUnreachableError(`cannot connect to ${database.description} (${database.chosenBy}): ${reason}`);
  }
}

/**
 * `log` receives notes about the embedded PostgreSQL: where it lives, what an earlier run left.
 * `stopOnSignals: false` leaves stopping it on SIGINT or SIGTERM to the caller (see embedded.ts).
 * `joinRunning: true` works on the embedded PostgreSQL of a wh-server running on the data directory,
 * if one does, instead of refusing the directory (DECISIONS 466): for commands that only read and
 * write the database, while the demo of `npm start` serves it.
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  log: (line: string) => void,
  { stopOnSignals = true, joinRunning = false } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return {
      url: config.databaseUrl,
      description: `PostgreSQL at ${url.host}${url.pathname}`,
      chosenBy: 'DATABASE_URL',
      close: async () => {},
    };
  }
  const shared = joinRunning ? runningEmbeddedDatabase(config.dataDir) : undefined;
  if (shared) {
    log(`using the embedded PostgreSQL of the wh-server (pid ${shared.server}) running on ${config.dataDir}`);
    return {
      url: shared.url,
      description: `embedded PostgreSQL in ${shared.dataDir}, of the running wh-server (pid ${shared.server})`,
      chosenBy: 'WH_DATA_DIR',
      // That server stops it.
      close: async () => {},
    };
  }
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, stopOnSignals, log });
  return {
    url: embedded.url,
    description: `embedded PostgreSQL in ${embedded.dataDir}`,
    chosenBy: 'WH_DATA_DIR',
    close: () => embedded.stop(),
  };
}
