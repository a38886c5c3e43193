// Which orders a list shows (section 4.6): those at the accessible locations, or at the one
// the URL names, plus the organization's unassigned orders, narrowed by the filters.
import type { FilterQuery } from '@mikro-orm/core';
import type { PurchaseOrder } from '../../entities/purchase-order.js';
import type { Access } from '../access.js';
import type { CountedScope } from '../pagination.js';
import { collectionTimeFilters } from '../time.js';

export interface ListQuery {
  location_name?: string;
  po_number?: string;
  start_time?: string;
  end_time?: string;
  updated_since?: string;
}

/** The unfiltered list's scope, for its kept count: the same locations and the unassigned orders. */
export function purchaseOrderCountedScope(access: Access, query: ListQuery): CountedScope {
  return {
    table: 'purchase_orders',
    organizationId: access.organization.id,
    locationIds: access.listScope(query.location_name),
    unassigned: true,
  };
}

export function purchaseOrderListFilter(access: Access, query: ListQuery): FilterQuery<PurchaseOrder> {
  const locationIds = access.listScope(query.location_name);
  const { startTime, endTime, updatedSince } = collectionTimeFilters(query, access.urlLocation(query.location_name));
  return {
    organizationId: access.organization.id,
    $or: [{ locationId: { $in: locationIds } }, { locationId: null }],
    ...(query.po_number !== undefined ? { poNumber: query.po_number } : {}),
    ...(startTime || endTime
      ? { expectedStartsAt: { ...(startTime ? { $gte: startTime } : {}), ...(endTime ? { $lte: endTime } : {}) } }
      : {}),
    ...(updatedSince ? { updatedAt: { $gte: updatedSince } } : {}),
  } as FilterQuery<PurchaseOrder>;
}
