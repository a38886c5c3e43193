// Mocha global fixtures: one real PostgreSQL for the whole run, the run's log, which must hold
// no token when the run ends (run-log.ts), one folder that holds every temporary folder of the
// run, and the run's random key for webhook secrets. With TEST_DATABASE_URL set the run uses
// that server instead (its `postgres` database must be disposable).
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '@warehouse-kit/server';
import { closeTestOrm, resetRateLimits, useWorkerDatabase } from './database.js';
import { checkRunLog, RUN_LOG_ENV } from './run-log.js';
import { testWebhookSecretKey } from './webhook-secret-key.js';

let database: EmbeddedDatabase | undefined;
let scratch: string | undefined;
let logFolder: string | undefined;
let runFolder: string | undefined;

/** Left beside the run's log by a check that failed, so that the log stays for reading. */
const FAILED_MARK = 'failed';

export async function mochaGlobalSetup(): Promise<void> {
  logFolder = mkdtempSync(join(tmpdir(), 'wh-run-log-'));
  process.env[RUN_LOG_ENV] = join(logFolder, 'run.log');
  // Every temporary folder of the run (the workers' and their children's, which inherit
  // TMPDIR) is made below this one, removed at the end: a worker that takes over a second to
  // exit is killed, and a killed process removes nothing of its own. Others pass through it
  // (0755), since the postgres system user must reach data folders below it.
  runFolder = mkdtempSync(join(tmpdir(), 'wh-test-run-'));
  chmodSync(runFolder, 0o755);
  process.env.TMPDIR = runFolder;
  testWebhookSecretKey();
  if (process.env.TEST_DATABASE_URL) return;
  scratch = mkdtempSync(join(tmpdir(), 'wh-test-'));
  // mkdtemp makes the folder private; the postgres system user must pass through it when
  // the tests run as root.
  chmodSync(scratch, 0o755);
  database = await startEmbeddedDatabase({ dataDir: scratch, ephemeral: true });
  process.env.TEST_DATABASE_URL = database.url;
}

export const mochaHooks = {
  beforeAll: useWorkerDatabase,
  beforeEach: resetRateLimits,
  // Runs in each worker, which alone knows the tokens it used; a failure marks the log to keep.
  afterAll() {
    try {
      checkRunLog();
    } catch (error) {
      const log = process.env[RUN_LOG_ENV];
      if (log) writeFileSync(join(log, '..', FAILED_MARK), '');
      throw error;
    }
  },
};

export async function mochaGlobalTeardown(): Promise<void> {
  await closeTestOrm();
  await database?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  if (runFolder) rmSync(runFolder, { recursive: true, force: true });
  // A log that failed the check stays for reading.
  if (logFolder && !existsSync(join(logFolder, FAILED_MARK))) rmSync(logFolder, { recursive: true, force: true });
}
