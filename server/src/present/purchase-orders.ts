// Responses for purchase orders, lists and single orders alike: rows read in one statement
// with their items and accessible booked appointments (domain/purchase-orders/rows.ts),
// rendered in their warehouses' zones. A write reads its order whole, every booked appointment
// included, for its events (DECISIONS 172), and answers what the user may see of it.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { countedMatchesSql, type PageRequest } from '../domain/pagination.js';
import { orderNotFound } from '../domain/purchase-orders/assignment.js';
import {
  type BookedScope,
  type BookedSearch,
  bookedSearchSql,
  keptBookedTotalSql,
} from '../domain/purchase-orders/booked-appointments.js';
import {
  type PurchaseOrderFilter,
  purchaseOrderFilterSql,
  purchaseOrderTotalSql,
} from '../domain/purchase-orders/list.js';
import {
  type OrderRowScope,
  type PurchaseOrderRow,
  purchaseOrderPage,
  purchaseOrderRowByPublicId,
  purchaseOrderRowsById,
} from '../domain/purchase-orders/rows.js';
import type { Location } from '../entities/location.js';
import { appointmentsVisibleAt, type RecordState } from '../events/record-state.js';
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

/**
 * One order the user may see by its shown id, by itself or at the URL's location (404 otherwise,
 * as if it did not exist), and its version, in one statement: an item read (DECISIONS 261).
 */
export async function presentVisiblePurchaseOrder(
  em: EntityManager,
  access: PresentingAccess & Pick<Access, 'recordLocation'>,
  id: number,
  url: Location | undefined,
): Promise<{ order: RenderedPurchaseOrder; version: string }> {
  const row = await purchaseOrderRowByPublicId(em, scopeOf(access), id);
  if (!row) throw orderNotFound(id);
  if (row.locationId != null) access.recordLocation(row.locationId, url, `purchase order ${id}`);
  return { order: present(access, [row])[0]!, version: row.version };
}

/** What an order is read with for its events: every booked appointment, whoever asks (DECISIONS 172). */
function wholeAccess(organization: Organization): PresentingAccess {
  return {
    organization: organization.organization,
    locationById: (id) => organization.locationById(id),
    accessibleLocations: organization.locations,
  };
}

/** The scope a write reads its order whole with (lockVisiblePurchaseOrder, changePurchaseOrder). */
export const wholeOrderScope = (organization: Organization): OrderRowScope => scopeOf(wholeAccess(organization));

/** An order read whole: what an event holds, with where it and each of its booked appointments are, and its version. */
export function presentWholePurchaseOrder(
  organization: Organization,
  row: PurchaseOrderRow,
): RecordState<'purchase_order'> & { version: string } {
  const [object] = present(wholeAccess(organization), [row]);
  return {
    object: object!,
    location: row.locationId == null ? null : organization.locationById(row.locationId),
    appointmentLocations: Object.fromEntries(
      row.appointments.map((appointment) => [appointment.publicId, appointment.locationId]),
    ),
    version: row.version,
  };
}

/**
 * The organization's orders with these row ids (a write's own), by row id, each read whole
 * (presentWholePurchaseOrder); each one's version is read in the same statement (a write's ETag
 * once it has made its last change).
 */
export async function presentWholePurchaseOrders(
  em: EntityManager,
  organization: Organization,
  ids: number[],
): Promise<Map<number, RecordState<'purchase_order'> & { version: string }>> {
  const rows = await purchaseOrderRowsById(em, wholeOrderScope(organization), ids);
  return new Map(rows.map((row) => [row.id, presentWholePurchaseOrder(organization, row)]));
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
  const selection = { where: purchaseOrderFilterSql(filter, 'po'), total: purchaseOrderTotalSql(filter) };
  const { rows, total } = await purchaseOrderPage(em, scopeOf(access), selection, {
    limit: page.perPage,
    offset: page.offset,
  });
  return { orders: present(access, rows), total };
}

/**
 * A window of the orders with booked appointments `search` finds (section 4.6), and how many
 * match in all, in one statement like a list page (DECISIONS 262).
 */
export async function presentBookedSearch(
  em: EntityManager,
  access: PresentingAccess,
  search: Omit<BookedSearch, keyof BookedScope>,
  window: { limit: number; offset: number },
): Promise<{ orders: RenderedPurchaseOrder[]; total: number }> {
  const scope = scopeOf(access);
  const where = bookedSearchSql({ ...scope, ...search });
  const total =
    keptBookedTotalSql({ ...scope, ...search }) ?? countedMatchesSql({ table: 'purchase_orders', alias: 'po', where });
  const { rows, total: count } = await purchaseOrderPage(em, scope, { where, total }, window);
  return { orders: present(access, rows), total: count };
}
