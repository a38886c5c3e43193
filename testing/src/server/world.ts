// A freshly provisioned organization per test suite, with its own subdomains and tokens, so
// suites never see each other's data (and multi-tenancy is exercised by every run).
import { randomBytes } from 'node:crypto';
import type { Fixture, OrganizationFixture } from '@warehouse-kit/server';
import { provision } from '@warehouse-kit/server';
import { testOrm } from './database.js';
import { ApiClient } from './http.js';
import { recordFixtureTokens } from './run-log.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';

export type LocationKey = 'toronto' | 'vancouver' | 'auckland';
export type UserKey = 'admin' | 'integration' | 'viewer';

export const locationNames: Record<LocationKey, string> = {
  toronto: 'Toronto DC',
  vancouver: 'Vancouver DC',
  auckland: 'Auckland DC',
};

/**
 * Toronto (paid) and Vancouver (unpaid) observe North American daylight saving; Auckland is
 * across the date line. `admin` is admin everywhere; `integration` is admin at Toronto,
 * read-only at Vancouver and has no access to Auckland; `viewer` is read-only everywhere.
 */
export function standardOrganization(id: string): OrganizationFixture {
  return {
    name: `Org ${id}`,
    subdomain: id,
    locations: [
      {
        name: locationNames.toronto,
        subdomain: `${id}-toronto`,
        time_zone: 'America/Toronto',
        paid: true,
        docks: ['Dock 1', 'Dock 2'],
        products: [
          { name: 'Apples', sku: 'APL-001' },
          { name: 'Bananas', sku: 'BAN-001' },
        ],
      },
      {
        name: locationNames.vancouver,
        subdomain: `${id}-vancouver`,
        time_zone: 'America/Vancouver',
        paid: false,
        docks: ['Door A'],
        products: [{ name: 'Apples', sku: 'APL-001' }],
      },
      {
        name: locationNames.auckland,
        subdomain: `${id}-auckland`,
        time_zone: 'Pacific/Auckland',
        paid: true,
        docks: ['Bay 1'],
      },
    ],
    users: [
      {
        name: 'admin',
        token: `${id}-admin-token`,
        roles: { 'Toronto DC': 'admin', 'Vancouver DC': 'admin', 'Auckland DC': 'admin' },
      },
      {
        name: 'integration',
        token: `${id}-integration-token`,
        roles: { 'Toronto DC': 'admin', 'Vancouver DC': 'read_only' },
      },
      {
        name: 'viewer',
        token: `${id}-viewer-token`,
        roles: { 'Toronto DC': 'read_only', 'Vancouver DC': 'read_only', 'Auckland DC': 'read_only' },
      },
    ],
    companies: [
      { name: 'Fast Freight', company_type: 'carrier', auto_approve_appointments: true },
      { name: 'Careful Carriers', company_type: 'carrier', auto_approve_appointments: false },
      { name: 'Fresh Market', company_type: 'customer', auto_approve_appointments: true },
    ],
  };
}

export interface World {
  id: string;
  server: TestServer;
  organization: OrganizationFixture;
  token(user: UserKey): string;
  /** A client for the organization interface, or for a location interface. */
  as(user: UserKey | { token: string | undefined }, location?: LocationKey): ApiClient;
  host(location?: LocationKey): string;
  /** The interface address, `http://<host>:<port>`, for the SDK or a child process. */
  url(location?: LocationKey): string;
}

export function uniqueId(prefix = 't'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

/** Provisions a new organization (the standard one, changed by `shape`) and binds clients to it. */
export async function createWorld(
  server: TestServer,
  shape: (organization: OrganizationFixture) => OrganizationFixture = (o) => o,
): Promise<World> {
  const id = uniqueId();
  const organization = shape(standardOrganization(id));
  const fixture: Fixture = { organizations: [organization] };
  recordFixtureTokens(fixture);
  await provision((await testOrm()).em, fixture);
  const host = (location?: LocationKey) => `${location ? `${id}-${location}` : id}.${server.baseHost}`;
  const token = (user: UserKey) => `${id}-${user}-token`;
  return {
    id,
    server,
    organization,
    token,
    host,
    url: (location) => `http://${host(location)}:${server.port}`,
    as: (user, location) =>
      new ApiClient(server.port, host(location), typeof user === 'string' ? token(user) : user.token),
  };
}

/**
 * A test server and a fresh world on it: `before(async () => ({ server, world } = await startWorld()))`.
 * `baseHost: 'localhost'` gives addresses the SDK and child processes can reach.
 */
export async function startWorld(
  options: { shape?: (organization: OrganizationFixture) => OrganizationFixture } & TestServerOptions = {},
): Promise<{ server: TestServer; world: World }> {
  const { shape, ...serverOptions } = options;
  const server = await startTestServer(serverOptions);
  return { server, world: await createWorld(server, shape) };
}
