// Responses for a page of orders: their items, item customers and accessible booked
// appointments (with docks and carriers) are loaded in a fixed number of batched queries,
// however many orders the page holds.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { bookedAppointmentIds } from '../domain/purchase-orders/booked-appointments.js';
import { Appointment } from '../entities/appointment.js';
import { Company } from '../entities/company.js';
import { Dock } from '../entities/dock.js';
import { type PurchaseOrder, PurchaseOrderItem } from '../entities/purchase-order.js';
import { renderBookedAppointment } from '../render/booked-appointment.js';
import { type RenderedItem, renderPurchaseOrder } from '../render/purchase-order.js';

export type PresentingAccess = Pick<Access, 'organization' | 'locationById' | 'accessibleLocations'>;

type Named = { id: number; name: string };

async function namesById<T extends Named>(
  load: (ids: number[]) => Promise<T[]>,
  ids: (number | null | undefined)[],
): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id != null))];
  const rows = wanted.length ? await load(wanted) : [];
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function presentPurchaseOrders(
  em: EntityManager,
  access: PresentingAccess,
  orders: PurchaseOrder[],
): Promise<components['schemas']['PurchaseOrder'][]> {
  if (orders.length === 0) return [];
  const organizationId = access.organization.id;
  const orderIds = orders.map((order) => order.id);
  // Plain rows rather than managed entities: a page may hold 10,000 items, which are only
  // read, and entities with their change-tracking copies would take twice the memory.
  const rows = await em
    .createQueryBuilder(PurchaseOrderItem)
    .select([
      'id',
      'purchaseOrderId',
      'productName',
      'quantity',
      'customerId',
      'customValues',
      'createdAt',
      'updatedAt',
    ])
    .where({ organizationId, purchaseOrderId: { $in: orderIds } })
    .orderBy({ id: 'asc' })
    .execute('all', true);
  const items = rows.map((row) => ({ ...row, quantity: Number(row.quantity) }) as RenderedItem);
  const links = await bookedAppointmentIds(
    em,
    { organizationId, appointmentLocationIds: access.accessibleLocations.map((location) => location.id) },
    orderIds,
  );
  const appointmentIds = [...new Set([...links.values()].flat())];
  const appointments = appointmentIds.length
    ? await em.find(Appointment, { organizationId, id: { $in: appointmentIds } })
    : [];
  const companies = await namesById(
    (ids) => em.find(Company, { organizationId, id: { $in: ids } }),
    [...items.map((item) => item.customerId), ...appointments.map((appointment) => appointment.carrierId)],
  );
  const docks = await namesById(
    (ids) => em.find(Dock, { organizationId, id: { $in: ids } }),
    appointments.map((appointment) => appointment.dockId),
  );

  const itemsByOrder = new Map<number, RenderedItem[]>();
  for (const item of items) {
    if (!itemsByOrder.has(item.purchaseOrderId)) itemsByOrder.set(item.purchaseOrderId, []);
    itemsByOrder.get(item.purchaseOrderId)!.push(item);
  }
  const nameOf = (names: Map<number, string>, id: number | null | undefined) =>
    id == null ? null : (names.get(id) ?? null);
  const renderedAppointments = new Map(
    appointments.map((appointment) => [
      appointment.id,
      // bookedAppointmentIds only links appointments that have a time.
      renderBookedAppointment(
        appointment as Appointment & { scheduledAt: Date },
        access.locationById(appointment.locationId),
        {
          dock: nameOf(docks, appointment.dockId),
          carrier: nameOf(companies, appointment.carrierId),
        },
      ),
    ]),
  );
  return orders.map((order) =>
    renderPurchaseOrder(order, {
      location: order.locationId == null ? null : access.locationById(order.locationId),
      items: itemsByOrder.get(order.id) ?? [],
      customerName: (id) => nameOf(companies, id),
      appointments: (links.get(order.id) ?? []).map((id) => renderedAppointments.get(id)!),
    }),
  );
}
