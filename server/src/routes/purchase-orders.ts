// Purchase orders (section 4.6) on both interfaces. The rules live in
// domain/purchase-orders; a handler reads the request, applies them and presents the result.
import { pageRequest } from '../domain/pagination.js';
import {
  authorizeChange,
  authorizeRemoval,
  lockVisiblePurchaseOrder,
  requestedAssignment,
} from '../domain/purchase-orders/assignment.js';
import { purchaseOrderListFilter } from '../domain/purchase-orders/list.js';
import { PurchaseOrderLookups } from '../domain/purchase-orders/lookups.js';
import {
  changePurchaseOrder,
  deletePurchaseOrder,
  insertPurchaseOrder,
  newOrderLocation,
} from '../domain/purchase-orders/write.js';
import { requirePossibleId } from '../domain/tenant-lookup.js';
import { collectionTimeFilters } from '../domain/time.js';
import { recordCreatedCustomers } from '../events/created-customers.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import {
  asSeenBy,
  presentBookedSearch,
  presentPurchaseOrderPage,
  presentVisiblePurchaseOrder,
  presentWholePurchaseOrder,
  wholeOrderScope,
} from '../present/purchase-orders.js';

/** PATCH and PUT alike: the body's `location_name` assigns, moves or unassigns (section 3). */
async function updatePurchaseOrder(input: HandlerInput<'updatePurchaseOrder'> | HandlerInput<'putPurchaseOrder'>) {
  const { em, access, path, query, events, ctx } = input;
  const body = input.body.purchase_order;
  const url = access.urlLocation(query.location_name);
  const requested = requestedAssignment(access, url, body.location_name);
  const scope = wholeOrderScope(access);
  const { order, location } = await lockVisiblePurchaseOrder(em, access, path.id, url, scope);
  const lookups = new PurchaseOrderLookups(em, access.organization.id, access.customFields);
  const effective = await authorizeChange(lookups, access, order, location, requested);
  const before = presentWholePurchaseOrder(access, order);
  const written = await changePurchaseOrder(lookups, order, body, effective, scope);
  const after = written ? presentWholePurchaseOrder(access, written) : before;
  readVersion(ctx, after.version);
  recordCreatedCustomers(events, lookups);
  events.record({ kind: 'purchase_order', organizationId: access.organization.id, before, after });
  return asSeenBy(access, after);
}

export const purchaseOrderHandlers: Pick<
  Handlers,
  | 'listPurchaseOrders'
  | 'createPurchaseOrder'
  | 'getPurchaseOrder'
  | 'updatePurchaseOrder'
  | 'putPurchaseOrder'
  | 'deletePurchaseOrder'
  | 'listPurchaseOrdersWithBookedAppointments'
> = {
  async listPurchaseOrders({ em, access, query, ctx }) {
    const page = pageRequest(query);
    const { orders, total } = await presentPurchaseOrderPage(em, access, purchaseOrderListFilter(access, query), page);
    setPaginationHeaders(ctx, page, total);
    return orders;
  },

  async createPurchaseOrder({ em, access, query, body, events, ctx }) {
    const lookups = new PurchaseOrderLookups(em, access.organization.id, access.customFields);
    const input = body.purchase_order;
    const location = newOrderLocation(access, input, access.urlLocation(query.location_name));
    const after = presentWholePurchaseOrder(
      access,
      await insertPurchaseOrder(lookups, input, location, wholeOrderScope(access)),
    );
    readVersion(ctx, after.version);
    recordCreatedCustomers(events, lookups);
    events.record({ kind: 'purchase_order', organizationId: access.organization.id, after });
    return asSeenBy(access, after);
  },

  async getPurchaseOrder({ em, access, path, query, ctx }) {
    const url = access.urlLocation(query.location_name);
    if (url) access.require(url, 'read');
    requirePossibleId(path.id, 'purchase order');
    const { order, version } = await presentVisiblePurchaseOrder(em, access, path.id, url);
    readVersion(ctx, version);
    return order;
  },

  updatePurchaseOrder,
  putPurchaseOrder: updatePurchaseOrder,

  async deletePurchaseOrder({ em, access, path, query, events }) {
    const url = access.urlLocation(query.location_name);
    const { order, location } = await lockVisiblePurchaseOrder(em, access, path.id, url, wholeOrderScope(access));
    await authorizeRemoval(new PurchaseOrderLookups(em, access.organization.id), access, order, location);
    await deletePurchaseOrder(em, access.organization.id, order.id);
    events.record({
      kind: 'purchase_order',
      organizationId: access.organization.id,
      before: presentWholePurchaseOrder(access, order),
    });
    return null;
  },

  async listPurchaseOrdersWithBookedAppointments({ em, access, query, ctx }) {
    const { orders, total } = await presentBookedSearch(
      em,
      access,
      {
        orderLocationIds: access.listScope(query.location_name),
        ...collectionTimeFilters(query, access.urlLocation(query.location_name)),
      },
      { limit: query.limit ?? 100, offset: query.offset ?? 0 },
    );
    ctx.set('Total-Count', String(total));
    return orders;
  },
};
