// Page-based pagination (section 8): which rows a page holds, and which pages a client can
// go to from it.
import type { EntityManager } from '@mikro-orm/postgresql';
import { raw, rows, type Sql, sql } from '../sql/statements.js';

export interface PageRequest {
  page: number;
  perPage: number;
  offset: number;
}

/** `page` and `per_page` have been validated and defaulted from the spec already. */
export function pageRequest(query: { page?: number; per_page?: number }): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 25;
  return { page, perPage, offset: (page - 1) * perPage };
}

export interface PageLink {
  rel: 'first' | 'prev' | 'next' | 'last';
  page: number;
}

export interface PageLinks {
  totalPages: number;
  /** First and last always; prev and next only where such a page exists. */
  links: PageLink[];
}

/** An empty result still has one (empty) page, and a page past the end links back to the last. */
export function pageLinks(request: PageRequest, totalCount: number): PageLinks {
  const totalPages = Math.max(1, Math.ceil(totalCount / request.perPage));
  const links: PageLink[] = [{ rel: 'first', page: 1 }];
  if (request.page > 1) links.push({ rel: 'prev', page: Math.min(request.page - 1, totalPages) });
  if (request.page < totalPages) links.push({ rel: 'next', page: request.page + 1 });
  links.push({ rel: 'last', page: totalPages });
  return { totalPages, links };
}

/**
 * An unfiltered list's scope, whose size the `record_counts` table keeps exactly (DECISIONS
 * 102): the organization's records at these locations, and with `unassigned` those at none.
 */
export interface CountedScope {
  table: 'products' | 'purchase_orders' | 'appointments';
  organizationId: number;
  locationIds: number[];
  unassigned?: boolean;
}

/** `select sum(count) as total …`: the kept count of `scope` (null when no counter exists). */
export function countedTotalSql(scope: CountedScope): Sql {
  const locationIds = scope.unassigned ? [...scope.locationIds, 0] : scope.locationIds;
  return sql`select sum(count) as total from record_counts
    where table_name = ${scope.table} and organization_id = ${scope.organizationId}
      and location_id = any(${locationIds}::int[])`;
}

/**
 * Runs `page`, whose rows carry `total` (`select … as total`) as a column, so that a page and
 * its count are read in one statement and one snapshot (DECISIONS 103). Only a page with no
 * rows (no match, or past the end) asks for the total on its own. A first page (`offset` 0) is
 * prepared once per connection where statements are named; a later one is planned for its
 * offset each time (DECISIONS 414).
 */
export async function pageWithTotal<R extends { total?: string | number | null }, T>(
  em: EntityManager,
  page: Sql,
  total: Sql,
  offset: number,
  read: (rows: R[]) => T[],
): Promise<{ rows: T[]; total: number }> {
  const found = await rows<R>(em, page, { planEachTime: offset > 0 });
  if (found.length === 0) {
    const [counted] = await rows<{ total: string | number | null }>(em, total);
    return { rows: [], total: Number(counted?.total ?? 0) };
  }
  return { rows: read(found), total: Number(found[0]!.total ?? 0) };
}

/** A list read as plain rows: `select <columns> from <table> <alias> where <where>`. */
export interface ListSql {
  /** Columns of `alias`'s rows, and any scalar subqueries a response needs. */
  columns: string;
  table: string;
  alias: string;
  where: Sql;
}

/** `select count(*) as total …` of what `list` selects: a count through the filter's indexes. */
export const countedMatchesSql = ({ table, alias, where }: Pick<ListSql, 'table' | 'alias' | 'where'>): Sql =>
  sql`select count(*) as total from ${raw(table)} ${raw(alias)} where ${where}`;

/**
 * One page of `list`, by the id the API shows (stable while records are added; DECISIONS 17,
 * 440), with `total` as a column (pageWithTotal): no query builder and no entities, only rows
 * for `read` to shape.
 */
export function listPage<R extends { total?: string | number | null }, T>(
  em: EntityManager,
  list: ListSql,
  total: Sql,
  request: PageRequest,
  read: (rows: R[]) => T[],
): Promise<{ rows: T[]; total: number }> {
  const { columns, table, alias, where } = list;
  const page = sql`select ${raw(columns)}, (${total}) as total from ${raw(table)} ${raw(alias)} where ${where}
    order by ${raw(alias)}.public_id limit ${request.perPage} offset ${request.offset}`;
  return pageWithTotal(em, page, total, request.offset, read);
}
