// What child-server tests share: the environment of a wh-server on the run's database, and a
// provisioning file for a fresh standard organization.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { standardOrganization, TEST_BASE_HOST, testDatabaseUrl } from '@warehouse-kit/testing/server';
import { stringify } from 'yaml';

export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: testDatabaseUrl(), WH_BASE_HOST: TEST_BASE_HOST, ...extra };
}

export function fixtureFile(id: string): string {
  const file = join(tempDir('wh-fixture-'), 'fixture.yaml');
  writeFileSync(file, stringify({ organizations: [standardOrganization(id)] }));
  return file;
}
