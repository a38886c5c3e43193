// ETags and If-Match (DECISIONS 119–126, an extension beyond the reference). Every record the
// API returns by id has a `version` that triggers bump on every write to it or to what is
// nested in it; its strong ETag is that version. Item reads and writes answer it; a write with
// If-Match locks the row first and, once its handler has run (so that 404 and 403 answer as they
// would without the header), is refused with 412 when the version it locked does not match:
// the transaction rolls back, nothing is written, and two racing writers get one 200 and one 412.
// An item read takes its version in the statement that reads the record (DECISIONS 261), and
// hands it over with readVersion, so that it costs no statement of its own; so may a write whose
// handler renders the record by such a statement after its last change (DECISIONS 293).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { OperationSpec } from '@warehouse-kit/spec/document';
import type { ParameterizedContext } from 'koa';
import type { Access } from '../domain/access.js';
import { recordVersion } from '../domain/sql.js';
// A larger id names no record (the handler answers 404).
import { MAX_RECORD_ID } from '../domain/tenant-lookup.js';
import { badRequest, HttpError } from './errors.js';

/** The collections whose records carry a version, by path. */
const VERSIONED_TABLES: Record<string, string> = {
  '/products': 'products',
  '/companies': 'companies',
  '/appointments': 'appointments',
  '/purchase_orders': 'purchase_orders',
};

export const etagOf = (version: string | number) => `"${version}"`;

/** `*`, or the entity-tags of an If-Match list (RFC 9110 §13.1.1); undefined when absent. */
export function parseIfMatch(header: string | undefined): '*' | string[] | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return '*';
  const tags = value.split(',').map((tag) => tag.trim());
  if (!tags.every((tag) => /^(W\/)?"[\x21\x23-\x7e]*"$/.test(tag)))
    throw badRequest('If-Match must be * or a list of entity-tags such as "7"');
  return tags;
}

/** Strong comparison, as If-Match requires: a weak tag never matches. */
const matches = (condition: '*' | string[], etag: string) => condition === '*' || condition.includes(etag);

/** The version of the organization's record whose shown id is `id` (DECISIONS 440), locked when asked. */
async function versionOf(em: EntityManager, table: string, organizationId: number, id: number, lock: boolean) {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_RECORD_ID) return undefined;
  return recordVersion(em, table, organizationId, id, lock);
}

/** Where in ctx.state an item read leaves the version it took. */
const READ_VERSION = 'readVersion';

/**
 * Reports the version a handler took in the same statement as the record it renders: an item
 * read's, or a write's once it has made its last change to the record (a later change would
 * leave the ETag behind the record).
 */
export function readVersion(ctx: ParameterizedContext, version: string | number): void {
  ctx.state[READ_VERSION] = String(version);
}

function versionedTarget(operation: OperationSpec) {
  const match = /^(\/\w+)(\/\{id\})?$/.exec(operation.path);
  const table = match ? VERSIONED_TABLES[match[1]!] : undefined;
  if (!table) return undefined;
  const item = Boolean(match![2]);
  if (!item && operation.method !== 'post') return undefined;
  return { table, item };
}

/**
 * Wraps a handler's run with the record's version: its ETag on the response, and the If-Match
 * check of a write. Operations on other paths (lists, bulk uploads, locations) run unchanged.
 */
export function withRecordVersion<T>(
  operation: OperationSpec,
  ctx: ParameterizedContext,
  run: (em: EntityManager) => Promise<T>,
): (em: EntityManager) => Promise<T> {
  const target = versionedTarget(operation);
  if (!target) return run;
  const { table } = target;
  const method = operation.method;
  const condition = method === 'get' || method === 'post' ? undefined : parseIfMatch(ctx.get('If-Match') || undefined);

  return async (em) => {
    const organizationId = (ctx.state.access as Access).organization.id;
    const id = Number(ctx.params.id);
    // A retried transaction's attempts each report their own.
    delete ctx.state[READ_VERSION];
    const locked = condition ? await versionOf(em, table, organizationId, id, true) : undefined;
    const result = await run(em);
    // A read's version came with its record, so its ETag is never newer than its body.
    const read = ctx.state[READ_VERSION] as string | undefined;
    if (method === 'get' && read === undefined) throw new Error(`${operation.operationId} did not report its version`);
    if (condition && (locked === undefined || !matches(condition, etagOf(locked)))) {
      throw new HttpError(412, "If-Match does not match the record's current ETag; nothing was changed", {
        ...(locked === undefined ? {} : { ETag: etagOf(locked) }),
      });
    }
    if (method === 'delete') return result;
    const version =
      read ?? (await versionOf(em, table, organizationId, target.item ? id : (result as { id: number }).id, false));
    if (version !== undefined) ctx.set('ETag', etagOf(version));
    return result;
  };
}
