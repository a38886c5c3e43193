// The directory's reads (middleware/directory.ts caches what they answer): an organization or a
// location by the subdomain a request came to, an organization's locations, and the API user
// holding a token with its roles. Read as rows, named as the entities' properties, so that a
// row is the entity the rest of the server knows, without the unit of work.
import type { EntityManager } from '@mikro-orm/postgresql';
import { timeReader } from '../domain/sql.js';
import type { ApiUser, LocationRole } from '../entities/api-user.js';
import type { Location } from '../entities/location.js';
import type { Organization } from '../entities/organization.js';
import { raw, rows, type Sql, sql } from '../sql/statements.js';

type Timed<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

const times = 'created_at as "createdAt", updated_at as "updatedAt"';

const organizationColumns = raw(`id, name, subdomain, ${times}`);

const locationColumns = raw(`id, organization_id as "organizationId", name, subdomain, time_zone as "timeZone", paid,
  require_catalog_products as "requireCatalogProducts", required_po_fields as "requiredPoFields",
  allow_customer_creation as "allowCustomerCreation", new_customer_auto_approve as "newCustomerAutoApprove",
  new_customer_can_create_carriers as "newCustomerCanCreateCarriers", ${times}`);

/** The rows of `statement`, their times read as the ORM reads an entity's. */
async function timedRows<T>(em: EntityManager, statement: Sql): Promise<T[]> {
  const time = timeReader(em);
  const found = await rows<Timed<T>>(em, statement);
  return found.map((row) => ({ ...row, createdAt: time(row.createdAt), updatedAt: time(row.updatedAt) }) as T);
}

/** The organization served at `subdomain`, or undefined. */
export async function organizationAt(em: EntityManager, subdomain: string): Promise<Organization | undefined> {
  const statement = sql`select ${organizationColumns} from organizations where subdomain = ${subdomain}`;
  return (await timedRows<Organization>(em, statement))[0];
}

/** The organization with this id, or undefined. */
export async function organizationById(em: EntityManager, id: number): Promise<Organization | undefined> {
  const statement = sql`select ${organizationColumns} from organizations where id = ${id}`;
  return (await timedRows<Organization>(em, statement))[0];
}

/** The location served at `subdomain`, or undefined. */
export async function locationAt(em: EntityManager, subdomain: string): Promise<Location | undefined> {
  const statement = sql`select ${locationColumns} from locations where subdomain = ${subdomain}`;
  return (await timedRows<Location>(em, statement))[0];
}

/** Every location of the organization, in name order. */
export function locationsOf(em: EntityManager, organizationId: number): Promise<Location[]> {
  const statement = sql`select ${locationColumns} from locations where organization_id = ${organizationId} order by name`;
  return timedRows<Location>(em, statement);
}

/** The API user holding the token with this digest, or undefined. */
export async function apiUserWithToken(em: EntityManager, digest: Buffer): Promise<ApiUser | undefined> {
  const statement = sql`select id, organization_id as "organizationId", name, token_digest as "tokenDigest", ${raw(times)}
    from api_users where token_digest = ${digest}`;
  return (await timedRows<ApiUser>(em, statement))[0];
}

/** The user's roles, one per location. */
export function rolesOf(em: EntityManager, user: Pick<ApiUser, 'id' | 'organizationId'>): Promise<LocationRole[]> {
  return rows<LocationRole>(
    em,
    sql`select id, organization_id as "organizationId", api_user_id as "apiUserId", location_id as "locationId", role
      from location_roles where api_user_id = ${user.id} and organization_id = ${user.organizationId}`,
  );
}
