// The reference server as a vendor runs it: `wh-server start` as a child process on the
// test database, with one freshly provisioned organization per conformance run, so no run
// inherits another's data or spent rate-limit budget. Profiles come from `wh-server profile`.
// Its rate-limit window is seconds long (DECISIONS 490).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OrganizationFixture } from '@warehouse-kit/server';
import { tempDir } from '@warehouse-kit/testing';
import {
  type ChildServer,
  SERVER_BIN,
  standardOrganization,
  startChildServer,
  stopChildServer,
  testDatabaseUrl,
  testOrm,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { stringify } from 'yaml';

/**
 * The standard test organization (three locations, admin, integration and viewer users) with warehouse settings and
 * custom fields for the order-rules checks, and a second organization without a paid location.
 */
function organizationsFor(id: string): OrganizationFixture[] {
  const standard = standardOrganization(id);
  const [toronto, vancouver, auckland] = standard.locations;
  return [
    {
      ...standard,
      locations: [
        { ...toronto!, settings: { allow_customer_creation: true, new_customer_auto_approve: true } },
        { ...vancouver!, settings: { allow_customer_creation: false } },
        auckland!,
      ],
      custom_fields: [
        {
          key: 'lot_code',
          applies_to: 'purchase_order_item',
          field_type: 'text',
          rules: { pattern: '^[A-Z0-9-]+$', max_length: 20 },
          locations: [toronto!.name, auckland!.name],
        },
        {
          key: 'priority',
          applies_to: 'purchase_order',
          field_type: 'select',
          rules: { options: ['low', 'high'] },
          locations: [toronto!.name],
        },
        { key: 'customs_reference', applies_to: 'purchase_order', field_type: 'text' },
      ],
    },
    {
      name: `Unpaid ${id}`,
      subdomain: `${id}-unpaid`,
      locations: [
        { name: 'Springfield DC', subdomain: `${id}-springfield`, time_zone: 'America/Chicago', paid: false },
      ],
      users: [{ name: 'admin', token: `${id}-unpaid-token`, roles: { 'Springfield DC': 'admin' } }],
    },
  ];
}

/**
 * The minute's rate-limit window of a test deployment, in seconds: long enough for the rate-limit
 * group to spend 121 requests in one window on a loaded machine, short enough that a run waits little.
 */
export const TEST_RATE_LIMIT_WINDOW_S = 15;

export function scratchFile(name: string): string {
  return join(tempDir('wh-conformance-'), name);
}

export interface TestDeployment {
  server: ChildServer;
  /** The organization subdomains, one per run the test file plans. */
  ids: string[];
  /** Writes the profile `wh-server profile` prints for organization `id`, addressed at `port` (a proxy's, say). */
  profile(id: string, port?: number): string;
  /** Provisions another file into the server's database with `wh-server provision`, as support would. */
  provision(file: string): void;
  stop(): Promise<void>;
}

export async function startDeployment(runs: number): Promise<TestDeployment> {
  const ids = Array.from({ length: runs }, () => uniqueId('c'));
  const fixture = scratchFile('fixture.yaml');
  writeFileSync(fixture, stringify({ organizations: ids.flatMap(organizationsFor) }));
  // The default base host, so addresses are http://<subdomain>.localhost:<port>, which the SDK reaches.
  // Webhooks may reach the suite's receiver on this machine, and retry at once rather than in 5 s.
  const env = {
    ...process.env,
    DATABASE_URL: testDatabaseUrl(),
    WH_BASE_HOST: 'localhost',
    WH_WEBHOOK_ALLOW_PRIVATE: '1',
    WH_WEBHOOK_RETRY_SCALE: '0.01',
    // A window of a few seconds, so that a run waits seconds, not minutes, at its token's 429s (DECISIONS 490).
    WH_RATE_LIMIT_WINDOW_S: String(TEST_RATE_LIMIT_WINDOW_S),
  };
  const server = await startChildServer(['--fixture', fixture], env);
  return {
    server,
    ids,
    profile(id, port = server.port) {
      const printed = spawnSync(
        process.execPath,
        [
          SERVER_BIN,
          'profile',
          fixture,
          '--organization',
          id,
          '--base-url-template',
          `http://{subdomain}.localhost:${port}`,
        ],
        { env, encoding: 'utf8' },
      );
      if (printed.status !== 0) throw new Error(`wh-server profile failed: ${printed.stderr}`);
      const file = scratchFile('profile.yaml');
      writeFileSync(file, printed.stdout);
      return file;
    },
    provision(file) {
      const provisioned = spawnSync(process.execPath, [SERVER_BIN, 'provision', file], { env, encoding: 'utf8' });
      if (provisioned.status !== 0) throw new Error(`wh-server provision failed: ${provisioned.stderr}`);
    },
    async stop() {
      await stopChildServer(server.child);
    },
  };
}

/**
 * What a run left in the database: records (webhook endpoints included) named with its prefix,
 * and appointments not cancelled.
 */
export async function leftovers(
  prefix: string,
): Promise<{ records: number; activeAppointments: number; cancelledAppointments: number }> {
  const orm = await testOrm();
  const like = `${prefix}%`;
  const [row] = await orm.em.getConnection().execute<[{ records: string; active: string; cancelled: string }]>(
    `select (select count(*) from products where name like ?) + (select count(*) from companies where name like ?)
              + (select count(*) from purchase_orders where upper(po_number) like upper(?))
              + (select count(*) from webhook_endpoints where description like ?) as records,
            (select count(*) from appointments where notes like ? and state <> 'cancelled') as active,
            (select count(*) from appointments where notes like ? and state = 'cancelled') as cancelled`,
    [like, like, like, like, like, like],
  );
  return {
    records: Number(row.records),
    activeAppointments: Number(row.active),
    cancelledAppointments: Number(row.cancelled),
  };
}
