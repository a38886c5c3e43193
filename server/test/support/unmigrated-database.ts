// A database in the run's PostgreSQL with no migrations applied: its requests fail with a
// PostgreSQL error quoting SQL, and it is never ready.

import { testDatabaseUrl, testOrm, uniqueId } from '@warehouse-kit/testing/server';
import { type Orm, openOrm } from '../../src/db/orm.js';

export interface UnmigratedDatabase {
  orm: Orm;
  drop(): Promise<void>;
}

export async function createUnmigratedDatabase(): Promise<UnmigratedDatabase> {
  const name = uniqueId('unmigrated_');
  const admin = (await testOrm()).em.getConnection();
  await admin.execute(`create database ${name}`);
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  const orm = await openOrm(url.toString());
  return {
    orm,
    async drop() {
      await orm.close();
      await admin.execute(`drop database ${name}`);
    },
  };
}
