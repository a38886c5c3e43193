// Responses for purchase orders, lists and single orders alike: rows read in one statement
// with their items and accessible booked appointments (domain/purchase-orders/rows.ts),
// rendered in their warehouses' zones. A write reads its order whole, every booked appointment
// included, for its events (DECISIONS 172), and answers what the user may see of it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { NotFound } from '../domain/errors.js';
import type { PageRequest } from '../domain/pagination.js';
import type { PurchaseOrderFilter } from '../domain/purchase-orders/list.js';
import {
  type OrderRowScope,
  type PurchaseOrderRow,
  purchaseOrderPage,
  purchaseOrderRowsById,
} from '../domain/purchase-orders/rows.js';
import type { RecordState } from '../events/record-state.js';
import { renderBookedAppointment } from '../render/booked-appointment.js';
import { renderPurchaseOrder } from '../render/purchase-order.js';

type RenderedPurchaseOrder = components['schemas']['PurchaseOrder'];

export type PresentingAccess = Pick<Access, 'organization' | 'locationById' | 'accessibleLocations'>;

/** What reading orders of the whole organization needs: every location, accessible or not. */
export type Organization = Pick<Access, 'organization' | 'locationById' | 'locations'>;

/** Booked appointments show only at the user's accessible locations (DECISIONS 30). */
const scopeOf = (access: PresentingAccess): OrderRowScope => ({
  organizationId: access.organization.id,
  appointmentLocationIds: access.accessibleLocations.map((location) => location.id),
});

function present(access: PresentingAccess, rows: PurchaseOrderRow[]): RenderedPurchaseOrder[] {
  return rows.map((row) =>
    renderPurchaseOrder(row, {
      location: row.locationId == null ? null : access.locationById(row.locationId),
      items: row.items,
      appointments: row.appointments.map((appointment) =>
        renderBookedAppointment(appointment, access.locationById(appointment.locationId)),
      ),
    }),
  );
}

/** The organization's orders with these ids, by id. */
export async function presentPurchaseOrders(
  em: EntityManager,
  access: PresentingAccess,
  ids: number[],
): Promise<RenderedPurchaseOrder[]> {
  return present(access, await purchaseOrderRowsById(em, scopeOf(access), ids));
}

/** One order, after a write as well (the request's transaction sees what it wrote). */
export async function presentPurchaseOrder(
  em: EntityManager,
  access: PresentingAccess,
  id: number,
): Promise<RenderedPurchaseOrder> {
  const [rendered] = await presentPurchaseOrders(em, access, [id]);
  // Deleted by another request since this one found it.
  if (!rendered) throw new NotFound(`purchase order ${id} not found`);
  return rendered;
}

/**
 * The organization's orders with these ids, by id, each with every booked appointment whoever
 * asks, and where it and each of those appointments are: what an event holds.
 */
export async function presentWholePurchaseOrders(
  em: EntityManager,
  organization: Organization,
  ids: number[],
): Promise<RecordState<'purchase_order'>[]> {
  const whole: PresentingAccess = {
    organization: organization.organization,
    locationById: (id) => organization.locationById(id),
    accessibleLocations: organization.locations,
  };
  const rows = await purchaseOrderRowsById(em, scopeOf(whole), ids);
  const rendered = present(whole, rows);
  return rows.map((row, index) => ({
    object: rendered[index]!,
    location: row.locationId == null ? null : organization.locationById(row.locationId),
    appointmentLocations: Object.fromEntries(
      row.appointments.map((appointment) => [appointment.id, appointment.locationId]),
    ),
  }));
}

/** `value` (an order, or the attributes it had) with only the booked appointments at `locationIds`. */
export function appointmentsVisibleAt<T extends object>(
  value: T,
  appointmentLocations: Record<string, number>,
  locationIds: ReadonlySet<number>,
): T {
  const { appointments } = value as { appointments?: { id: number }[] };
  if (!Array.isArray(appointments)) return value;
  const visible = appointments.filter((appointment) => locationIds.has(appointmentLocations[appointment.id]!));
  return { ...value, appointments: visible };
}

/** A whole order as the user sees it: its booked appointments at the user's accessible locations only. */
export function asSeenBy(access: PresentingAccess, order: RecordState<'purchase_order'>): RenderedPurchaseOrder {
  const locationIds = new Set(access.accessibleLocations.map((location) => location.id));
  return appointmentsVisibleAt(order.object, order.appointmentLocations ?? {}, locationIds);
}

/** A list page of the orders `filter` lets through, and how many match in all. */
export async function presentPurchaseOrderPage(
  em: EntityManager,
  access: PresentingAccess,
  filter: PurchaseOrderFilter,
  page: PageRequest,
): Promise<{ orders: RenderedPurchaseOrder[]; total: number }> {
  const { rows, total } = await purchaseOrderPage(em, scopeOf(access), filter, page);
  return { orders: present(access, rows), total };
}
