// Webhook endpoints as the database keeps them (DECISIONS 240–245): the organization's rows, read
// and written by id within it, found by the id the API shows (DECISIONS 440). Who may touch which
// is the caller's check (access.ts).

import type { EntityManager } from '@mikro-orm/postgresql';
import { generateWebhookSecret } from '@warehouse-kit/spec/webhook-signature';
import { Invalid, NotFound } from '../domain/errors.js';
import { type RecordRef, recordRefSql, timeReader } from '../domain/sql.js';
import { MAX_RECORD_ID } from '../domain/tenant-lookup.js';
import { affectedRows, oneRow, raw, rows, sql } from '../sql/statements.js';
import type { SecretKeys } from './secrets.js';

/** An organization's endpoints, at most (DECISIONS 240). */
const MAX_ENDPOINTS = 20;

/** How long a replaced secret still signs (DECISIONS 244). */
const ROTATION_OVERLAP = '24 hours';

export interface WebhookEndpointRow {
  id: number;
  /** The id the API shows (DECISIONS 440). */
  publicId: number;
  organizationId: number;
  /** null: every location of the organization. */
  locationIds: number[] | null;
  url: string;
  description: string;
  types: string[];
  /** The event types `types` selected when saved; null: every type. */
  selectedTypes: string[] | null;
  enabled: boolean;
  disabledReason: string | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

interface EndpointChanges {
  url?: string;
  description?: string;
  types?: string[];
  selectedTypes?: string[] | null;
  enabled?: boolean;
}

const columns = `id, public_id as "publicId", organization_id as "organizationId", location_ids as "locationIds", url, description, types,
  selected_types as "selectedTypes", enabled, disabled_reason as "disabledReason",
  previous_secret_expires_at as "previousSecretExpiresAt", created_at as "createdAt", updated_at as "updatedAt"`;

type Raw = Omit<WebhookEndpointRow, 'previousSecretExpiresAt' | 'createdAt' | 'updatedAt'> & {
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Times as the ORM reads them, from PostgreSQL's text. */
const fromRaw = (em: EntityManager, raw: Raw): WebhookEndpointRow => {
  const timeOf = timeReader(em);
  return {
    ...raw,
    previousSecretExpiresAt: raw.previousSecretExpiresAt === null ? null : timeOf(raw.previousSecretExpiresAt),
    createdAt: timeOf(raw.createdAt),
    updatedAt: timeOf(raw.updatedAt),
  };
};

/** Every endpoint of the organization, by shown id (there are at most MAX_ENDPOINTS). */
export async function listEndpoints(em: EntityManager, organizationId: number): Promise<WebhookEndpointRow[]> {
  const found = await rows<Raw>(
    em,
    sql`select ${raw(columns)} from webhook_endpoints where organization_id = ${organizationId} order by public_id`,
  );
  return found.map((row) => fromRaw(em, row));
}

/** The organization's endpoint `ref` names, if it has one. */
async function readEndpoint(
  em: EntityManager,
  organizationId: number,
  ref: RecordRef,
): Promise<WebhookEndpointRow | undefined> {
  const [found] = await rows<Raw>(
    em,
    sql`select ${raw(columns)} from webhook_endpoints w where organization_id = ${organizationId} and ${recordRefSql('w', ref)}`,
  );
  return found && fromRaw(em, found);
}

/** The organization's endpoint whose shown id is `id`; NotFound when it has none such. */
export async function findEndpoint(em: EntityManager, organizationId: number, id: number): Promise<WebhookEndpointRow> {
  const row = id > MAX_RECORD_ID ? undefined : await readEndpoint(em, organizationId, { publicId: id });
  if (!row) throw new NotFound(`webhook endpoint ${id} not found`);
  return row;
}

/** The endpoint of a row just written. */
const writtenEndpoint = async (em: EntityManager, organizationId: number, id: number) =>
  (await readEndpoint(em, organizationId, { id }))!;

interface NewEndpoint extends Required<Omit<EndpointChanges, 'enabled'>> {
  organizationId: number;
  locationIds: number[] | null;
  enabled: boolean;
}

/**
 * Creates an endpoint with a new secret, starting at the feed's end, and the organization's
 * dispatch cursor if it has none yet; answers the row and the secret in clear, once.
 */
export async function insertEndpoint(
  em: EntityManager,
  keys: SecretKeys,
  endpoint: NewEndpoint,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  // One create at a time per organization, so two at once cannot pass the count together.
  await rows(em, sql`select pg_advisory_xact_lock(7243018, ${endpoint.organizationId})`);
  const { count } = await oneRow<{ count: string }>(
    em,
    sql`select count(*) from webhook_endpoints where organization_id = ${endpoint.organizationId}`,
  );
  if (Number(count) >= MAX_ENDPOINTS) {
    throw Invalid.field('base', `an organization has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`);
  }
  const { id } = await oneRow<{ id: number }>(
    em,
    sql`insert into webhook_endpoints (organization_id, location_ids, url, description, types, selected_types, enabled,
        secret, start_txid)
      values (${endpoint.organizationId}, ${endpoint.locationIds}::int[], ${endpoint.url}, ${endpoint.description},
        ${endpoint.types}::text[], ${endpoint.selectedTypes}::text[], ${endpoint.enabled}, '',
        pg_snapshot_xmin(pg_current_snapshot()))
      returning id`,
  );
  const secret = generateWebhookSecret();
  await affectedRows(
    em,
    sql`update webhook_endpoints set secret = ${keys.encrypt(id, secret)}
      where organization_id = ${endpoint.organizationId} and id = ${id}`,
  );
  await affectedRows(
    em,
    sql`insert into webhook_dispatch (organization_id, txid, id)
      values (${endpoint.organizationId}, pg_snapshot_xmin(pg_current_snapshot()), 0) on conflict (organization_id) do nothing`,
  );
  return { row: await writtenEndpoint(em, endpoint.organizationId, id), secret };
}

/** Applies changes; enabling clears the reason the server disabled it and its failing streak. */
export async function updateEndpoint(
  em: EntityManager,
  row: WebhookEndpointRow,
  changes: EndpointChanges,
): Promise<WebhookEndpointRow> {
  const enabled = changes.enabled ?? null;
  await affectedRows(
    em,
    sql`update webhook_endpoints set
        url = coalesce(${changes.url ?? null}::text, url), description = coalesce(${changes.description ?? null}::text, description),
        types = coalesce(${changes.types ?? null}::text[], types),
        selected_types = case when ${changes.selectedTypes !== undefined}::boolean
          then ${changes.selectedTypes ?? null}::text[] else selected_types end,
        enabled = coalesce(${enabled}::boolean, enabled),
        disabled_reason = case when ${enabled}::boolean is not null then null else disabled_reason end,
        failing_since = case when ${changes.enabled === true}::boolean then null else failing_since end,
        updated_at = now()
      where organization_id = ${row.organizationId} and id = ${row.id}`,
  );
  return writtenEndpoint(em, row.organizationId, row.id);
}

export async function deleteEndpoint(em: EntityManager, row: WebhookEndpointRow): Promise<void> {
  await affectedRows(
    em,
    sql`delete from webhook_endpoints where organization_id = ${row.organizationId} and id = ${row.id}`,
  );
}

/** A new secret; the replaced one signs too for 24 hours, and an older one no more (DECISIONS 244). */
export async function rotateSecret(
  em: EntityManager,
  keys: SecretKeys,
  row: WebhookEndpointRow,
): Promise<{ row: WebhookEndpointRow; secret: string }> {
  const secret = generateWebhookSecret();
  await affectedRows(
    em,
    sql`update webhook_endpoints set previous_secret = secret, secret = ${keys.encrypt(row.id, secret)},
        previous_secret_expires_at = now() + ${ROTATION_OVERLAP}::interval, updated_at = now()
      where organization_id = ${row.organizationId} and id = ${row.id}`,
  );
  return { row: await writtenEndpoint(em, row.organizationId, row.id), secret };
}
