// Which orders a list shows (section 4.6): those at the accessible locations, or at the one
// the URL names, plus the organization's unassigned orders, narrowed by the filters.

import { raw, type Sql, sql } from '../../sql/statements.js';
import type { Access } from '../access.js';
import { countedTotalSql } from '../pagination.js';
import { narrowedSql } from '../sql.js';
import { collectionTimeFilters } from '../time.js';

export interface ListQuery {
  location_name?: string;
  po_number?: string;
  start_time?: string;
  end_time?: string;
  updated_since?: string;
}

/** The orders a list may show, and what narrows them; times already read in the URL location's zone. */
export interface PurchaseOrderFilter {
  organizationId: number;
  /** These locations, and the unassigned orders everywhere. */
  locationIds: number[];
  poNumber?: string;
  /** On `expected_starts_at`, both inclusive. */
  startTime?: Date;
  endTime?: Date;
  /** On `updated_at`, inclusive. */
  updatedSince?: Date;
}

export function purchaseOrderListFilter(access: Access, query: ListQuery): PurchaseOrderFilter {
  return {
    organizationId: access.organization.id,
    locationIds: access.listScope(query.location_name),
    poNumber: query.po_number,
    ...collectionTimeFilters(query, access.urlLocation(query.location_name)),
  };
}

/**
 * The filter as a condition on `purchase_orders` aliased `alias`: its one SQL form, which the
 * page, its count and the booked search all use.
 */
export function purchaseOrderFilterSql(filter: PurchaseOrderFilter, alias: string): Sql {
  const a = raw(alias);
  return narrowedSql(
    sql`${a}.organization_id = ${filter.organizationId}
      and (${a}.location_id = any(${filter.locationIds}::int[]) or ${a}.location_id is null)`,
    [
      filter.poNumber === undefined ? undefined : sql`${a}.po_number = ${filter.poNumber}`,
      filter.startTime && sql`${a}.expected_starts_at >= ${filter.startTime}`,
      filter.endTime && sql`${a}.expected_starts_at <= ${filter.endTime}`,
      filter.updatedSince && sql`${a}.updated_at >= ${filter.updatedSince}`,
    ],
  );
}

/**
 * `select … as total`: how many orders match. Unfiltered, the kept counts of the filter's
 * locations and of the unassigned orders (DECISIONS 102), which cost no scan; otherwise the
 * matches counted through the filters' indexes.
 */
export function purchaseOrderTotalSql(filter: PurchaseOrderFilter): Sql {
  const unfiltered = filter.poNumber === undefined && !filter.startTime && !filter.endTime && !filter.updatedSince;
  if (unfiltered) {
    return countedTotalSql({
      table: 'purchase_orders',
      organizationId: filter.organizationId,
      locationIds: filter.locationIds,
      unassigned: true,
    });
  }
  return sql`select count(*) as total from purchase_orders counted where ${purchaseOrderFilterSql(filter, 'counted')}`;
}
