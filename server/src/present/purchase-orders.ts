// Responses for a page of orders: their items (with their customers' names) and accessible
// booked appointments (with docks and carriers) come in two queries, however many orders the
// page holds, as plain rows: a page may hold thousands of items, which are only read.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { bookedAppointmentsOf } from '../domain/purchase-orders/booked-appointments.js';
import type { PurchaseOrder } from '../entities/purchase-order.js';
import { renderBookedAppointment } from '../render/booked-appointment.js';
import { type RenderedItem, renderPurchaseOrder } from '../render/purchase-order.js';

export type PresentingAccess = Pick<Access, 'organization' | 'locationById' | 'accessibleLocations'>;

type ItemRow = RenderedItem & { purchaseOrderId: number; customerId: number | null };

async function itemsOf(em: EntityManager, organizationId: number, orderIds: number[]): Promise<ItemRow[]> {
  const query = em
    .getKnex()('purchase_order_items as i')
    .leftJoin('companies as c', (join) =>
      join.on('c.id', 'i.customer_id').andOn('c.organization_id', 'i.organization_id'),
    )
    .where('i.organization_id', organizationId)
    .whereIn('i.purchase_order_id', orderIds)
    .orderBy('i.id')
    .select(
      'i.id',
      'i.purchase_order_id',
      'i.product_name',
      'i.quantity',
      'i.customer_id',
      'i.custom_values',
      'i.created_at',
      'i.updated_at',
      'c.name as customer_name',
    );
  const rows =
    await em.execute<
      {
        id: number;
        purchase_order_id: number;
        product_name: string;
        quantity: string;
        customer_id: number | null;
        custom_values: RenderedItem['customValues'];
        created_at: string;
        updated_at: string;
        customer_name: string | null;
      }[]
    >(query);
  // Raw rows carry PostgreSQL's text for times; the ORM's parser reads them as entities get them.
  const time = (value: string) => em.getPlatform().parseDate(value) as Date;
  return rows.map((row) => ({
    id: row.id,
    purchaseOrderId: row.purchase_order_id,
    productName: row.product_name,
    quantity: Number(row.quantity),
    customerId: row.customer_id,
    customValues: row.custom_values,
    createdAt: time(row.created_at),
    updatedAt: time(row.updated_at),
    customerName: row.customer_name,
  }));
}

export async function presentPurchaseOrders(
  em: EntityManager,
  access: PresentingAccess,
  orders: PurchaseOrder[],
): Promise<components['schemas']['PurchaseOrder'][]> {
  if (orders.length === 0) return [];
  const organizationId = access.organization.id;
  const orderIds = orders.map((order) => order.id);
  const [items, appointments] = await Promise.all([
    itemsOf(em, organizationId, orderIds),
    bookedAppointmentsOf(
      em,
      { organizationId, appointmentLocationIds: access.accessibleLocations.map((location) => location.id) },
      orderIds,
    ),
  ]);
  const itemsByOrder = new Map<number, ItemRow[]>();
  for (const item of items) {
    if (!itemsByOrder.has(item.purchaseOrderId)) itemsByOrder.set(item.purchaseOrderId, []);
    itemsByOrder.get(item.purchaseOrderId)!.push(item);
  }
  return orders.map((order) =>
    renderPurchaseOrder(order, {
      location: order.locationId == null ? null : access.locationById(order.locationId),
      items: itemsByOrder.get(order.id) ?? [],
      appointments: (appointments.get(order.id) ?? []).map((appointment) =>
        renderBookedAppointment(appointment, access.locationById(appointment.locationId)),
      ),
    }),
  );
}
