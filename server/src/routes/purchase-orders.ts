// Purchase orders (section 4.6) on both interfaces. The rules live in
// domain/purchase-orders; a handler reads the request, applies them and presents the result.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { findPage, pageRequest } from '../domain/pagination.js';
import {
  authorizeAssignment,
  findVisiblePurchaseOrder,
  requestedAssignment,
} from '../domain/purchase-orders/assignment.js';
import { searchOrdersWithBookedAppointments } from '../domain/purchase-orders/booked-appointments.js';
import { purchaseOrderCountedScope, purchaseOrderListFilter } from '../domain/purchase-orders/list.js';
import { PurchaseOrderLookups } from '../domain/purchase-orders/lookups.js';
import { createPurchaseOrder, savePurchaseOrder } from '../domain/purchase-orders/write.js';
import { collectionTimeFilters } from '../domain/time.js';
import { flushOrConflict } from '../domain/unique-flush.js';
import { PurchaseOrder } from '../entities/purchase-order.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { presentPurchaseOrders } from '../present/purchase-orders.js';

async function presentOne(em: EntityManager, access: Access, order: PurchaseOrder) {
  const [rendered] = await presentPurchaseOrders(em, access, [order]);
  return rendered!;
}

/** PATCH and PUT alike: the body's `location_name` assigns, moves or unassigns (section 3). */
async function updatePurchaseOrder(input: HandlerInput<'updatePurchaseOrder'> | HandlerInput<'putPurchaseOrder'>) {
  const { em, access, path, query } = input;
  const body = input.body.purchase_order;
  const url = access.urlLocation(query.location_name);
  const requested = requestedAssignment(access, url, body.location_name);
  const { order, location } = await findVisiblePurchaseOrder(em, access, path.id, url, 'write');
  await savePurchaseOrder(
    new PurchaseOrderLookups(em, access.organization.id),
    order,
    body,
    authorizeAssignment(access, location, requested),
    'nested',
  );
  await flushOrConflict(em);
  return presentOne(em, access, order);
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
    const unfiltered = !query.po_number && !query.start_time && !query.end_time && !query.updated_since;
    const { records: orders, total } = await findPage(
      em,
      PurchaseOrder,
      purchaseOrderListFilter(access, query),
      page,
      unfiltered ? purchaseOrderCountedScope(access, query) : undefined,
    );
    setPaginationHeaders(ctx, page, total);
    return presentPurchaseOrders(em, access, orders);
  },

  async createPurchaseOrder({ em, access, query, body }) {
    const order = await createPurchaseOrder(
      new PurchaseOrderLookups(em, access.organization.id),
      access,
      body.purchase_order,
      {
        urlLocation: access.urlLocation(query.location_name),
      },
    );
    await flushOrConflict(em);
    return presentOne(em, access, order);
  },

  async getPurchaseOrder({ em, access, path, query }) {
    const { order } = await findVisiblePurchaseOrder(
      em,
      access,
      path.id,
      access.urlLocation(query.location_name),
      'read',
    );
    return presentOne(em, access, order);
  },

  updatePurchaseOrder,
  putPurchaseOrder: updatePurchaseOrder,

  async deletePurchaseOrder({ em, access, path, query }) {
    const { order, location } = await findVisiblePurchaseOrder(
      em,
      access,
      path.id,
      access.urlLocation(query.location_name),
      'write',
    );
    if (location) access.require(location, 'write');
    // Items go with the order; packing lists keep its po_number as text (foreign keys in the schema).
    await em.remove(order).flush();
    return null;
  },

  async listPurchaseOrdersWithBookedAppointments({ em, access, query, ctx }) {
    const { ids, total } = await searchOrdersWithBookedAppointments(em, {
      organizationId: access.organization.id,
      appointmentLocationIds: access.accessibleLocations.map((location) => location.id),
      orderLocationIds: access.listScope(query.location_name),
      ...collectionTimeFilters(query, access.urlLocation(query.location_name)),
      limit: query.limit ?? 100,
      offset: query.offset ?? 0,
    });
    ctx.set('Total-Count', String(total));
    const orders = ids.length
      ? await em.find(
          PurchaseOrder,
          { organizationId: access.organization.id, id: { $in: ids } },
          { orderBy: { id: 'asc' } },
        )
      : [];
    return presentPurchaseOrders(em, access, orders);
  },
};
