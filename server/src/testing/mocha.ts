// Mocha global fixtures: one real PostgreSQL for the whole run, and the run's log, which must
// hold no token when the run ends (run-log.ts). With TEST_DATABASE_URL set the run uses that
// server instead (its `postgres` database must be disposable).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded.js';
import { closeTestOrm, resetRateLimits, useWorkerDatabase } from './database.js';
import { checkRunLog, RUN_LOG_ENV } from './run-log.js';

let database: EmbeddedDatabase | undefined;
let scratch: string | undefined;
let logFolder: string | undefined;

export async function mochaGlobalSetup(): Promise<void> {
  logFolder = mkdtempSync(join(tmpdir(), 'wh-run-log-'));
  process.env[RUN_LOG_ENV] = join(logFolder, 'run.log');
  if (process.env.TEST_DATABASE_URL) return;
  scratch = mkdtempSync(join(tmpdir(), 'wh-test-'));
  // mkdtemp makes the folder private; the postgres system user must pass through it when
  // the tests run as root.
  chmodSync(scratch, 0o755);
  database = await startEmbeddedDatabase({ dataDir: scratch, ephemeral: true });
  process.env.TEST_DATABASE_URL = database.url;
}

let runLogClean = false;

export const mochaHooks = {
  beforeAll: useWorkerDatabase,
  beforeEach: resetRateLimits,
  afterAll() {
    checkRunLog();
    runLogClean = true;
  },
};

export async function mochaGlobalTeardown(): Promise<void> {
  await closeTestOrm();
  await database?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  // A log that failed the check stays for reading.
  if (logFolder && runLogClean) rmSync(logFolder, { recursive: true, force: true });
}
