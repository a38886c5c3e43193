// Mocha global fixtures: one real PostgreSQL for the whole run. With TEST_DATABASE_URL set
// the run uses that server instead (its `postgres` database must be disposable).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded.js';
import { closeTestOrm, resetRateLimits } from './database.js';

let database: EmbeddedDatabase | undefined;
let scratch: string | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  scratch = mkdtempSync(join(tmpdir(), 'wh-test-'));
  // mkdtemp makes the folder private; the postgres system user must pass through it when
  // the tests run as root.
  chmodSync(scratch, 0o755);
  database = await startEmbeddedDatabase({ dataDir: scratch, ephemeral: true });
  process.env.TEST_DATABASE_URL = database.url;
}

export const mochaHooks = {
  beforeEach: resetRateLimits,
};

export async function mochaGlobalTeardown(): Promise<void> {
  await closeTestOrm();
  await database?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}
