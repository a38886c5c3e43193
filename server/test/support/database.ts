// The test run's ORM on the PostgreSQL the global fixture started, migrated once.
import { migrate, openOrm, type Orm } from '../../db/orm.js';

let shared: Promise<Orm> | undefined;

export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set; run the tests through mocha so the global fixture starts PostgreSQL');
  return url;
}

export function testOrm(): Promise<Orm> {
  shared ??= openOrm(testDatabaseUrl()).then(async (orm) => {
    await migrate(orm);
    return orm;
  });
  return shared;
}

export async function closeTestOrm(): Promise<void> {
  const orm = await shared;
  shared = undefined;
  await orm?.close();
}

/** Rate-limit counters are shared by the whole run; each test starts with a full budget. */
export async function resetRateLimits(): Promise<void> {
  if (!shared) return;
  const orm = await shared;
  await orm.em.getConnection().execute('delete from rate_limits');
}
