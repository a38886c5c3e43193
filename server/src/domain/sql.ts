// What the domain's statements share: a list's filters joined, a record named by its id, a
// record locked for a write, and times read as the ORM reads them. Statements are `sql`
// templates, sent by the one module that sends them (sql/statements.ts, DECISIONS 470).
import type { EntityManager } from '@mikro-orm/postgresql';
import { join, raw, rows, type Sql, sql } from '../sql/statements.js';

/** `base` and each condition that is not undefined, joined with `and`: the one way a list's filters become SQL. */
export function narrowedSql(base: Sql, conditions: (Sql | undefined)[]): Sql {
  return join([base, ...conditions.filter((condition) => condition !== undefined)], ' and ');
}

/**
 * Reads a time of a plain row as the ORM reads an entity's: PostgreSQL's text outside JSON,
 * ISO 8601 inside it; both keep whole milliseconds.
 */
export function timeReader(em: EntityManager): (value: string) => Date {
  const platform = em.getPlatform();
  return (value) => platform.parseDate(value) as Date;
}

/** A record as a write reads or returns it: its row and its version (DECISIONS 119), for the ETag. */
export type Versioned<Row> = Row & { version: string };

/** The statement that reads `columns` of an organization's record of `table` by the id the API shows. */
export const recordSql = (table: string, columns: string, organizationId: number, publicId: number) =>
  sql`select ${raw(columns)} from ${raw(table)} where organization_id = ${organizationId} and public_id = ${publicId}`;

/** recordSql, locking the record for a write. */
export const lockedRecordSql = (table: string, columns: string, organizationId: number, publicId: number) =>
  sql`${recordSql(table, columns, organizationId, publicId)} for update`;

/**
 * Which of an organization's records: by its row's `id`, as the server refers to a row it wrote,
 * or by `publicId`, the id the API shows and takes (DECISIONS 440).
 */
export type RecordRef = { id: number } | { publicId: number };

/** The condition naming `ref`'s record of the table aliased `alias`. */
export const recordRefSql = (alias: string, ref: RecordRef): Sql =>
  'id' in ref ? sql`${raw(alias)}.id = ${ref.id}` : sql`${raw(alias)}.public_id = ${ref.publicId}`;

/** Runs a write's statement whose rows carry their `version`, each read with `read`. */
export async function versionedRows<Raw, Row>(
  em: EntityManager,
  statement: Sql,
  read: (raw: Raw) => Row,
): Promise<Versioned<Row>[]> {
  return (await rows<Raw & { version: string }>(em, statement)).map((raw) => ({ ...read(raw), version: raw.version }));
}

/** The version of the organization's record of `table` whose shown id is `publicId`, locked when asked; undefined when there is none. */
export async function recordVersion(
  em: EntityManager,
  table: string,
  organizationId: number,
  publicId: number,
  lock: boolean,
): Promise<string | undefined> {
  const statement = (lock ? lockedRecordSql : recordSql)(table, 'version', organizationId, publicId);
  return (await rows<{ version: string }>(em, statement))[0]?.version;
}
