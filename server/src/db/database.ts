// The database the server runs on: DATABASE_URL when set, otherwise an embedded PostgreSQL
// kept in WH_DATA_DIR that starts and stops with the server.
import type { ServerConfig } from '../config.js';
import { startEmbeddedDatabase } from './embedded.js';

export interface Database {
  url: string;
  /** Where it lives, for the start-up banner (never the password). */
  description: string;
  close(): Promise<void>;
}

/**
 * `log` receives notes about the embedded PostgreSQL: where it lives, what an earlier run left.
 * `stopOnSignals: false` leaves stopping it on SIGINT or SIGTERM to the caller (see embedded.ts).
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  log: (line: string) => void,
  { stopOnSignals = true } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    return { url: config.databaseUrl, description: `PostgreSQL at ${url.host}${url.pathname}`, close: async () => {} };
  }
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir, stopOnSignals, log });
  return { url: embedded.url, description: `embedded PostgreSQL in ${embedded.dataDir}`, close: () => embedded.stop() };
}
