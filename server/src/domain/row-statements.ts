// Writes as statements of their own, without the unit of work (DECISIONS 390, 391): a record's
// values travel as one JSON parameter per table, read by json_populate_record(set) into the
// table's own row type, so every column is converted as PostgreSQL converts it; the statements
// are prepared once per connection (414), their text naming no value. Times are the server's, as
// the unit of work set them: whole milliseconds, which responses and filters rely on.
import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { preparedRows } from './prepared-statements.js';
import type { Sql } from './sql.js';

/** The written columns of a table, by the property each holds. */
export type Columns<K extends string> = Record<K, string>;

/** `values` as a row of its table, keyed by column, with `extra` (keys, times). */
function rowJson<K extends string>(
  columns: Columns<K>,
  values: Record<K, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = { ...extra };
  for (const key of Object.keys(columns) as K[]) row[columns[key]] = values[key];
  return row;
}

/** The placeholder of a JSON parameter: `value`, stringified, is its value. */
const JSON_PARAMETER = '?::json';

/** The columns, each prefixed. */
const listed = (columns: Columns<string>, prefix = '') =>
  Object.values(columns)
    .map((column) => `${prefix}${column}`)
    .join(', ');

/** `column = v.column, …` for each written column, and `updated_at`. */
const setFromV = (columns: Columns<string>) =>
  `${Object.values(columns)
    .map((column) => `${column} = v.${column}`)
    .join(', ')}, updated_at = v.updated_at`;

/** Whether `values` differ from what `stored` holds in any written column. */
const differs = <K extends string>(columns: Columns<K>, stored: Record<K, unknown>, values: Record<K, unknown>) =>
  (Object.keys(columns) as K[]).some((key) => !isDeepStrictEqual(stored[key], values[key]));

/** Rows nested in a parent record (an order's items, an appointment's packing lists). */
export interface ChildTable<K extends string> {
  table: string;
  /** The column naming the parent. */
  parent: string;
  columns: Columns<K>;
}

/** New children as the JSON parameter's value: their rows. */
const childRows = <K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  added: Record<K, unknown>[],
  now: Date,
) =>
  JSON.stringify(
    added.map((values) =>
      rowJson(children.columns, values, { organization_id: organizationId, created_at: now, updated_at: now }),
    ),
  );

/**
 * Inserts children of the parent whose id `parentId` gives (a parameter `?` or a column of
 * `from`, with its values), in their order, so their ids follow it.
 */
function insertChildrenSql<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  parentId: Sql,
  added: Record<K, unknown>[],
  now: Date,
  from = '',
): Sql {
  const { table, parent, columns } = children;
  return {
    text: `insert into ${table} (organization_id, ${parent}, ${listed(columns)}, created_at, updated_at)
      select c.organization_id, ${parentId.text}, ${listed(columns, 'c.')}, c.created_at, c.updated_at
      from ${from}json_populate_recordset(null::${table}, ${JSON_PARAMETER}) with ordinality as c
      order by c.ordinality`,
    values: [...parentId.values, childRows(children, organizationId, added, now)],
  };
}

/** What a write does to a parent's children: ids to remove, rows to change (with their ids), rows to add. */
export interface ChildChanges<K extends string> {
  removed: number[];
  changed: { id: number; values: Record<K, unknown> }[];
  added: Record<K, unknown>[];
}

/** Removes, changes and adds a parent's children in one statement; undefined when there is nothing to do. */
function childWritesSql<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  parentId: number,
  changes: ChildChanges<K>,
  now: Date,
): Sql | undefined {
  const { table, parent, columns } = children;
  const ofParent = (prefix: string) => `${prefix}organization_id = ? and ${prefix}${parent} = ?`;
  const parts: Sql[] = [];
  if (changes.removed.length > 0)
    parts.push({
      text: `removed as (delete from ${table} where ${ofParent('')} and id in (?))`,
      values: [organizationId, parentId, changes.removed],
    });
  if (changes.changed.length > 0) {
    const rows = changes.changed.map(({ id, values }) => rowJson(columns, values, { id, updated_at: now }));
    parts.push({
      text: `changed as (update ${table} c set ${setFromV(columns)}
        from json_populate_recordset(null::${table}, ${JSON_PARAMETER}) as v
        where ${ofParent('c.')} and c.id = v.id)`,
      values: [JSON.stringify(rows), organizationId, parentId],
    });
  }
  if (changes.added.length > 0) {
    const added = insertChildrenSql(children, organizationId, { text: '?', values: [parentId] }, changes.added, now);
    parts.push({ text: `added as (${added.text})`, values: added.values });
  }
  if (parts.length === 0) return undefined;
  return {
    text: `with ${parts.map((part) => part.text).join(', ')} select 1`,
    values: parts.flatMap((part) => part.values),
  };
}

/** A parent record's table (an order, an appointment), its written columns, and what its write's CTE is called. */
export interface ParentTable<K extends string> {
  table: string;
  columns: Columns<K>;
  /** The name of the CTE holding the written row, as the statement reading it back names its rows. */
  alias: string;
}

/**
 * Inserts a parent (its `keys`, such as `organization_id`, and `values`) and its children in
 * one statement; answers the parent's id.
 */
export async function insertWithChildren<K extends string, C extends string>(
  em: EntityManager,
  parent: ParentTable<K>,
  keys: { organization_id: number } & Record<string, unknown>,
  values: Record<K, unknown>,
  children: ChildTable<C>,
  added: Record<C, unknown>[],
): Promise<number> {
  const now = new Date();
  const { table, columns, alias } = parent;
  const row = rowJson(columns, values, { ...keys, created_at: now, updated_at: now });
  const written = `${Object.keys(keys).join(', ')}, ${listed(columns)}, created_at, updated_at`;
  const parentId = { text: `${alias}.id`, values: [] };
  const childInsert = insertChildrenSql(children, keys.organization_id, parentId, added, now, `${alias}, `);
  const [inserted] = await preparedRows<{ id: number }>(em, {
    text: `with ${alias} as (
      insert into ${table} (${written}) select ${written}
      from json_populate_record(null::${table}, ${JSON_PARAMETER})
      returning id
    ), children as (${childInsert.text})
    select id from ${alias}`,
    values: [JSON.stringify(row), ...childInsert.values],
  });
  return inserted!.id;
}

/**
 * Writes a parent's children in one statement, then the parent's `values` by one that `read`
 * completes (`with <alias> as (update … returning *)`, followed by its select of the written
 * row): its children as that statement's snapshot holds them, its version after their triggers
 * and its own. Undefined when nothing differs from what is `stored`: nothing is written, as the
 * unit of work wrote nothing for an empty change set.
 */
export async function updateWithChildren<K extends string, C extends string, R>(
  em: EntityManager,
  parent: ParentTable<K> & {
    organizationId: number;
    id: number;
    stored: Record<K, unknown>;
    values: Record<K, unknown>;
  },
  children: ChildTable<C>,
  changes: ChildChanges<C>,
  read: (write: Sql) => Promise<R>,
): Promise<R | undefined> {
  const { table, columns, alias, organizationId, id } = parent;
  const now = new Date();
  const childWrites = childWritesSql(children, organizationId, id, changes, now);
  if (!childWrites && !differs(columns, parent.stored, parent.values)) return undefined;
  if (childWrites) await preparedRows(em, childWrites);
  return read({
    text: `with ${alias} as (update ${table} o set ${setFromV(columns)}
      from json_populate_record(null::${table}, ${JSON_PARAMETER}) as v
      where o.organization_id = ? and o.id = ?
      returning o.*)`,
    values: [JSON.stringify(rowJson(columns, parent.values, { updated_at: now })), organizationId, id],
  });
}
