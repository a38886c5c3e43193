// Statements written as SQL text where building them with a query builder would cost more
// than PostgreSQL spends running them (the purchase order page, DECISIONS 103).
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * SQL text with `?` placeholders and their values in order, as `em.execute` (which inlines
 * them) and knex's `whereRaw` take them. An array value is written as a list: `in (?)` for a
 * list that is never empty, `= any(array[?]::int[])` for one that may be.
 */
export interface Sql {
  text: string;
  values: Knex.Value[];
}

/**
 * `base` narrowed by each condition (`?` its value's placeholder) whose value is not undefined,
 * joined with `and`: the one way a list's filters become SQL.
 */
export function narrowedSql(base: Sql, conditions: [condition: string, value: Knex.Value | undefined][]): Sql {
  const given = conditions.filter((condition): condition is [string, Knex.Value] => condition[1] !== undefined);
  return {
    text: [base.text, ...given.map(([condition]) => condition)].join(' and '),
    values: [...base.values, ...given.map(([, value]) => value)],
  };
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

/** The statement that locks an organization's record of `table` by the id the API shows, for a write, and reads `columns` of it. */
export const lockedRecordSql = (table: string, columns: string) =>
  `select ${columns} from ${table} where organization_id = ? and public_id = ? for update`;

/**
 * Which of an organization's records: by its row's `id`, as the server refers to a row it wrote,
 * or by `publicId`, the id the API shows and takes (DECISIONS 440).
 */
export type RecordRef = { id: number } | { publicId: number };

/** The condition naming `ref`'s record of the table aliased `alias`. */
export const recordRefSql = (alias: string, ref: RecordRef): Sql =>
  'id' in ref
    ? { text: `${alias}.id = ?`, values: [ref.id] }
    : { text: `${alias}.public_id = ?`, values: [ref.publicId] };
