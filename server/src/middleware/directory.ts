// Who is who, cached in process: each host's tenant (organization, locations and, as orders
// need them, the custom fields that apply at each) and each token's API user and roles. Every
// change to those tables bumps the database's directory version when it commits (migrations
// 20261123100000 and 20261127400000), and every request reads the version
// (with its token's rate-limit count, or alone) before it trusts the cache: an entry counts only if
// it was loaded at that version or later. So no process serves a revoked token, a deleted
// location or a changed role to a request that began after the change committed, while
// unchanged tenants cost no query at all (DECISIONS 100).
import {
  apiUserWithToken,
  locationAt,
  locationsOf,
  organizationAt,
  organizationById,
  rolesOf,
} from '../db/directory-rows.js';
import type { Orm } from '../db/orm.js';
import { CustomFieldsByLocation } from '../domain/purchase-orders/custom-fields.js';
import type { ApiUser, Role } from '../entities/api-user.js';
import type { Location } from '../entities/location.js';
import type { Organization } from '../entities/organization.js';
import { oneRow, sql } from '../sql/statements.js';

export interface Tenant {
  organization: Organization;
  /** Every location of the organization, in name order. */
  locations: Location[];
  interfaceLocation?: Location;
  /** Read as orders need them, and dropped with the tenant when custom fields change (DECISIONS 295). */
  customFields: CustomFieldsByLocation;
  /** The directory version it was loaded at (or later). */
  version: bigint;
}

export interface Identity {
  user: ApiUser;
  roles: Map<number, Role>;
  version: bigint;
}

/** Past this many entries a map starts again: plenty for one deployment's hosts and tokens. */
const MAX_ENTRIES = 10_000;

export class Directory {
  /** The newest version any request has seen; entries older than it are dropped. */
  private newest = 0n;
  private readonly tenants = new Map<string, Tenant | null>();
  private readonly identities = new Map<string, Identity | null>();

  constructor(private readonly orm: Orm) {}

  /** Records the version a request read; a newer one empties the cache. */
  observe(version: bigint): void {
    if (version <= this.newest) return;
    this.newest = version;
    this.tenants.clear();
    this.identities.clear();
  }

  async readVersion(): Promise<bigint> {
    const row = await oneRow<{ version: string }>(this.orm.em, sql`select version from directory_version where id = 1`);
    const version = BigInt(row.version);
    this.observe(version);
    return version;
  }

  /**
   * The tenant served at `subdomain` (null: none). Without `atLeast` any cached entry does,
   * to be confirmed once the request knows its version; with it, only one that new.
   */
  async tenant(subdomain: string, atLeast?: bigint): Promise<Tenant | null> {
    const cached = this.tenants.get(subdomain);
    if (cached !== undefined && (atLeast === undefined || (cached?.version ?? this.newest) >= atLeast)) return cached;
    // Read before loading, so the entry is never labelled newer than what it holds.
    const version = await this.readVersion();
    const tenant = await this.loadTenant(subdomain, version);
    // A null is only as new as the cache: it is dropped with everything else.
    if (version === this.newest) remember(this.tenants, subdomain, tenant);
    return tenant;
  }

  /** The API user holding the token with `digest`, and their roles, at `atLeast` or later. */
  async identity(digest: Buffer, atLeast: bigint): Promise<Identity | null> {
    const key = digest.toString('hex');
    const cached = this.identities.get(key);
    if (cached !== undefined && (cached?.version ?? this.newest) >= atLeast) return cached;
    const version = await this.readVersion();
    const em = this.orm.em;
    const user = await apiUserWithToken(em, digest);
    const roles = user ? await rolesOf(em, user) : [];
    const identity = user ? { user, roles: new Map(roles.map((role) => [role.locationId, role.role])), version } : null;
    if (version === this.newest) remember(this.identities, key, identity);
    return identity;
  }

  private async loadTenant(subdomain: string, version: bigint): Promise<Tenant | null> {
    const em = this.orm.em;
    let organization = await organizationAt(em, subdomain);
    let interfaceLocation: Location | undefined;
    if (!organization) {
      interfaceLocation = await locationAt(em, subdomain);
      if (!interfaceLocation) return null;
      organization = await organizationById(em, interfaceLocation.organizationId);
      if (!organization) return null;
    }
    const locations = await locationsOf(em, organization.id);
    // The same row as in `locations`, so identity comparisons hold.
    interfaceLocation = interfaceLocation && locations.find((location) => location.id === interfaceLocation?.id);
    return { organization, locations, interfaceLocation, customFields: new CustomFieldsByLocation(), version };
  }
}

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= MAX_ENTRIES) map.clear();
  map.set(key, value);
}
