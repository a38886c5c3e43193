// Writes as statements of their own, without the unit of work (DECISIONS 390, 391): a record's
// values travel as one JSON parameter per table, read by json_populate_record(set) into the
// table's own row type, so every column is converted as PostgreSQL converts it; their texts name
// no value, so where statements are named each is prepared once per connection (414). Times are the server's, as
// the unit of work set them: whole milliseconds, which responses and filters rely on.
import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import { join, raw, rows, type Sql, sql } from '../sql/statements.js';

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

/** `value`, stringified, as a JSON parameter. */
const jsonParameter = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** The columns, each prefixed. */
const listed = (columns: Columns<string>, prefix = '') =>
  raw(
    Object.values(columns)
      .map((column) => `${prefix}${column}`)
      .join(', '),
  );

/** `column = v.column, …` for each written column, and `updated_at`. */
const setFromV = (columns: Columns<string>) =>
  raw(
    `${Object.values(columns)
      .map((column) => `${column} = v.${column}`)
      .join(', ')}, updated_at = v.updated_at`,
  );

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

/** New children as the JSON parameter's value: their rows, each with `extra` (its parent's id, in a batch). */
const childRows = <K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  added: { values: Record<K, unknown>; extra?: Record<string, unknown> }[],
  now: Date,
) =>
  added.map(({ values, extra }) =>
    rowJson(children.columns, values, {
      ...extra,
      organization_id: organizationId,
      created_at: now,
      updated_at: now,
    }),
  );

/**
 * Inserts children, in their order so that their ids follow it, of the parent whose id
 * `parentId` gives: a column of `from`, or each row's own parent column (`c.<parent>`, the
 * row's `extra` naming it); returns them whole.
 */
function insertChildrenSql<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  parentId: Sql,
  added: { values: Record<K, unknown>; extra?: Record<string, unknown> }[],
  now: Date,
  from = '',
): Sql {
  const { table, parent, columns } = children;
  const values = jsonParameter(childRows(children, organizationId, added, now));
  return sql`insert into ${raw(table)} (organization_id, ${raw(parent)}, ${listed(columns)}, created_at, updated_at)
    select c.organization_id, ${parentId}, ${listed(columns, 'c.')}, c.created_at, c.updated_at
    from ${raw(from)}json_populate_recordset(null::${raw(table)}, ${values}) with ordinality as c
    order by c.ordinality
    returning *`;
}

/** What a write does to a parent's children: ids to remove, rows to change (with their ids), rows to add. */
export interface ChildChanges<K extends string> {
  removed: number[];
  changed: { id: number; values: Record<K, unknown> }[];
  added: Record<K, unknown>[];
}

/** The changes to the children of the parent with id `parentId`. */
export interface ChildWrites<K extends string> {
  parentId: number;
  changes: ChildChanges<K>;
}

/** Whether a parent's write would change nothing: no child changes, and values that hold what is stored. */
const changesNothing = <K extends string>(
  columns: Columns<K>,
  {
    stored,
    values,
    changes,
  }: { stored: Record<K, unknown>; values: Record<K, unknown>; changes: ChildChanges<string> },
) => changes.removed.length + changes.changed.length + changes.added.length === 0 && !differs(columns, stored, values);

/** What a statement's common table expressions do to children: which of `removed`, `changed` and `added` it holds. */
interface ChildWriteParts {
  parts: Sql[];
  removed: boolean;
  changed: boolean;
  added: boolean;
}

/**
 * The common table expressions that remove, change and add the children of one parent or many:
 * `removed` returns the removed ids, `changed` and `added` their rows whole. Each row names its
 * parent, which a removed or changed child must have.
 */
function childWriteParts<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  writes: ChildWrites<K>[],
  now: Date,
): ChildWriteParts {
  const { table, parent, columns } = children;
  const ofParent = (parentId: number) => ({ [parent]: parentId });
  const removed = writes.flatMap(({ parentId, changes }) =>
    changes.removed.map((id) => ({ id, ...ofParent(parentId) })),
  );
  const changed = writes.flatMap(({ parentId, changes }) =>
    changes.changed.map(({ id, values }) => rowJson(columns, values, { id, ...ofParent(parentId), updated_at: now })),
  );
  const added = writes.flatMap(({ parentId, changes }) =>
    changes.added.map((values) => ({ values, extra: ofParent(parentId) })),
  );
  const matching = sql`c.organization_id = ${organizationId} and c.id = v.id and c.${raw(parent)} = v.${raw(parent)}`;
  const parts: Sql[] = [];
  if (removed.length > 0)
    parts.push(sql`removed as (delete from ${raw(table)} c
      using json_populate_recordset(null::${raw(table)}, ${jsonParameter(removed)}) as v
      where ${matching} returning c.id)`);
  if (changed.length > 0)
    parts.push(sql`changed as (update ${raw(table)} c set ${setFromV(columns)}
      from json_populate_recordset(null::${raw(table)}, ${jsonParameter(changed)}) as v
      where ${matching} returning c.*)`);
  if (added.length > 0)
    parts.push(sql`added as (${insertChildrenSql(children, organizationId, raw(`c.${parent}`), added, now)})`);
  return { parts, removed: removed.length > 0, changed: changed.length > 0, added: added.length > 0 };
}

/** childWriteParts as a statement of its own; undefined when there is nothing to do. */
function childWritesSql<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  writes: ChildWrites<K>[],
  now: Date,
): Sql | undefined {
  const { parts } = childWriteParts(children, organizationId, writes, now);
  return parts.length === 0 ? undefined : sql`with ${join(parts, ', ')} select 1`;
}

/**
 * The children of the parent with id `parentId` as a statement holding `written` leaves them,
 * whole: the stored ones it neither removes nor changes (its snapshot holds them as they were),
 * then the ones it changes and adds, as they return.
 */
function childrenAfter<K extends string>(
  children: ChildTable<K>,
  organizationId: number,
  parentId: number,
  written: ChildWriteParts,
): Sql {
  const { table, parent } = children;
  const kept = [
    sql`c.organization_id = ${organizationId} and c.${raw(parent)} = ${parentId}`,
    ...(written.removed ? [sql`c.id not in (select id from removed)`] : []),
    ...(written.changed ? [sql`c.id not in (select id from changed)`] : []),
  ];
  return join(
    [
      sql`select c.* from ${raw(table)} c where ${join(kept, ' and ')}`,
      ...(written.changed ? [sql`select * from changed`] : []),
      ...(written.added ? [sql`select * from added`] : []),
    ],
    ' union all ',
  );
}

/**
 * A parent record's table (an order, an appointment), its written columns, and what its
 * write's common table expression is called.
 */
export interface ParentTable<K extends string> {
  table: string;
  columns: Columns<K>;
  /** The name of the CTE holding the written row, as the statement reading it back names its rows. */
  alias: string;
}

/**
 * How a write's statement is completed by its caller: `write` is `with <alias> as (…), children
 * as (…)`, the parent and its children as the statement leaves them, whole; `read` adds the
 * select that answers what the caller needs of them, in the same statement. The triggers that
 * bump a parent's version skip a parent the transaction has written (DECISIONS 494), so the
 * version the parent's row returns is the one it keeps.
 */
export type WrittenRead<R> = (write: Sql) => Promise<R>;

/**
 * Inserts a parent (its `keys`, such as `organization_id`, and `values`) and its children in
 * one statement, which `read` completes.
 */
export function insertWithChildren<K extends string, C extends string, R>(
  parent: ParentTable<K>,
  keys: { organization_id: number } & Record<string, unknown>,
  values: Record<K, unknown>,
  children: ChildTable<C>,
  added: Record<C, unknown>[],
  read: WrittenRead<R>,
): Promise<R> {
  const now = new Date();
  const { table, columns, alias } = parent;
  const row = rowJson(columns, values, { ...keys, created_at: now, updated_at: now });
  const written = sql`${raw(Object.keys(keys).join(', '))}, ${listed(columns)}, created_at, updated_at`;
  const childInsert = insertChildrenSql(
    children,
    keys.organization_id,
    raw(`${alias}.id`),
    added.map((values) => ({ values })),
    now,
    `${alias}, `,
  );
  return read(sql`with ${raw(alias)} as (
      insert into ${raw(table)} (${written}) select ${written}
      from json_populate_record(null::${raw(table)}, ${jsonParameter(row)})
      returning *
    ), children as (${childInsert})`);
}

/**
 * Writes a parent's `values` and its children in one statement, which `read` completes.
 * Undefined when nothing differs from what is `stored`: nothing is written, as the unit of work
 * wrote nothing for an empty change set. The parent is locked before (lockedRows), so the order
 * in which the statement's parts write takes no lock out of turn.
 */
export async function updateWithChildren<K extends string, C extends string, R>(
  parent: ParentTable<K> & {
    organizationId: number;
    id: number;
    stored: Record<K, unknown>;
    values: Record<K, unknown>;
  },
  children: ChildTable<C>,
  changes: ChildChanges<C>,
  read: WrittenRead<R>,
): Promise<R | undefined> {
  const { table, columns, alias, organizationId, id } = parent;
  const now = new Date();
  if (changesNothing(columns, { ...parent, changes })) return undefined;
  const childWrites = childWriteParts(children, organizationId, [{ parentId: id, changes }], now);
  const values = jsonParameter(rowJson(columns, parent.values, { updated_at: now }));
  const parentWrite = sql`${raw(alias)} as (update ${raw(table)} o set ${setFromV(columns)}
    from json_populate_record(null::${raw(table)}, ${values}) as v
    where o.organization_id = ${organizationId} and o.id = ${id}
    returning o.*)`;
  const after = childrenAfter(children, organizationId, id, childWrites);
  return read(sql`with ${join([...childWrites.parts, parentWrite, sql`children as (${after})`], ', ')}`);
}

/** A parent a batch inserts under an id reserved for it, with its children. */
export interface InsertedParent<K extends string, C extends string> {
  id: number;
  values: Record<K, unknown>;
  added: Record<C, unknown>[];
}

/** A parent a batch changes: what is stored, its new values and its children's changes. */
export interface UpdatedParent<K extends string, C extends string> {
  id: number;
  stored: Record<K, unknown>;
  values: Record<K, unknown>;
  changes: ChildChanges<C>;
}

/**
 * Writes many parents with their children in at most three statements, however many there are
 * (a bulk upload's rows, DECISIONS 104): the new parents under their reserved ids, in their
 * order; then every child's removal, change and addition, new parents' children included; then
 * the changed parents' values. A changed parent whose children and values hold what is stored
 * is not written.
 */
export async function writeParents<K extends string, C extends string>(
  em: EntityManager,
  parent: ParentTable<K>,
  children: ChildTable<C>,
  organizationId: number,
  batch: { inserted: InsertedParent<K, C>[]; updated: UpdatedParent<K, C>[] },
): Promise<void> {
  const { table, columns } = parent;
  const now = new Date();
  if (batch.inserted.length > 0) {
    const inserted = batch.inserted.map(({ id, values }) =>
      rowJson(columns, values, { id, organization_id: organizationId, created_at: now, updated_at: now }),
    );
    await rows(em, insertRowsSql(table, parent.alias, inserted, 'id'));
  }
  const updated = batch.updated.filter((write) => !changesNothing(columns, write));
  const childWrites = childWritesSql(
    children,
    organizationId,
    [
      ...batch.inserted.map(({ id, added }) => ({ parentId: id, changes: { removed: [], changed: [], added } })),
      ...updated.map(({ id, changes }) => ({ parentId: id, changes })),
    ],
    now,
  );
  if (childWrites) await rows(em, childWrites);
  if (updated.length > 0) {
    const changedRows = updated.map(({ id, values }) => rowJson(columns, values, { id, updated_at: now }));
    await rows(
      em,
      sql`update ${raw(table)} o set ${setFromV(columns)}
        from json_populate_recordset(null::${raw(table)}, ${jsonParameter(changedRows)}) as v
        where o.organization_id = ${organizationId} and o.id = v.id`,
    );
  }
}

/**
 * Inserts `rows` of `table` (aliased `alias`; each row keyed by column, all with the same keys)
 * in one statement and in their order, so their ids follow it; returns `returning`.
 */
export function insertRowsSql(table: string, alias: string, values: Record<string, unknown>[], returning: string): Sql {
  const columns = Object.keys(values[0]!);
  return sql`insert into ${raw(table)} as ${raw(alias)} (${raw(columns.join(', '))})
    select ${raw(columns.map((column) => `v.${column}`).join(', '))}
    from json_populate_recordset(null::${raw(table)}, ${jsonParameter(values)}) with ordinality as v order by v.ordinality
    returning ${raw(returning)}`;
}

/** The rows an insertRowsSql answered, in the order they were given: ids follow it, `returning` promises none. */
export const inInsertOrder = <R extends { id: number }>(rows: R[]): R[] => rows.sort((a, b) => a.id - b.id);
