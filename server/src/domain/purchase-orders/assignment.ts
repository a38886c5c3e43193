// Where a purchase order is, and who may put it where: the assignment state machine of
// reference section 3, the location rules of section 4.6 and DECISIONS 16, and the bookings
// that keep an order where it is booked (DECISIONS 140).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import type { PurchaseOrder } from '../../entities/purchase-order.js';
import type { Access } from '../access.js';
import { AccessDenied, BadInput, type DomainError, NotFound } from '../errors.js';
import { requirePossibleId } from '../tenant-lookup.js';
import type { PurchaseOrderLookups } from './lookups.js';
import { lockedPurchaseOrderRow, type OrderRowScope, type StoredOrderRow } from './rows.js';

/**
 * What writing an order needs to know about the caller. `Access` is one; a provisioning
 * script may pass its own object that allows everything.
 */
export type PurchaseOrderActor = Pick<Access, 'organization' | 'locationNamed' | 'locationById' | 'require' | 'can'>;

/**
 * The answer for an order the caller may not see, or may not learn more of: the same as for no
 * order at all. `id` is the one the API shows (DECISIONS 440).
 */
export const orderNotFound = (id: number) => new NotFound(`purchase order ${id} not found`);

/** An order as the rules of its location see it: its row's id, and the id the API shows, which messages name. */
type OrderKeys = Pick<PurchaseOrder, 'id' | 'publicId'>;

/** What a body `location_name` asks for: omitted keeps, null or blank unassigns, a name assigns or moves. */
export type Assignment = { kind: 'keep' } | { kind: 'unassign' } | { kind: 'assign'; location: Location };

/**
 * Reads the body's `location_name` against the URL location (the query parameter or the
 * location interface's address). An unknown name is NotFound. When both name something they
 * must agree (BadInput), and "unassigned" is a value of its own, so null in the body under a
 * URL location is BadInput too.
 */
export function requestedAssignment(
  actor: PurchaseOrderActor,
  url: Location | undefined,
  bodyName: string | null | undefined,
): Assignment {
  if (bodyName === undefined) return { kind: 'keep' };
  const requested: Assignment =
    bodyName === null || bodyName.trim() === ''
      ? { kind: 'unassign' }
      : { kind: 'assign', location: actor.locationNamed(bodyName) };
  if (!url) return requested;
  if (requested.kind === 'unassign') {
    throw new BadInput(
      `the URL names location ${url.name} but the body's location_name unassigns the order; ` +
        'unassign on the organization interface without location_name in the URL',
    );
  }
  if (requested.location.id !== url.id) {
    throw new BadInput(`location_name differs between the URL (${url.name}) and the body (${requested.location.name})`);
  }
  return requested;
}

/** On create (and on upsert), a URL location without a body value assigns the order there. */
export function requestedPlacement(
  actor: PurchaseOrderActor,
  url: Location | undefined,
  bodyName: string | null | undefined,
): Assignment {
  const requested = requestedAssignment(actor, url, bodyName);
  return requested.kind === 'keep' && url ? { kind: 'assign', location: url } : requested;
}

/**
 * Checks write access at the current location (when assigned) and at the destination, and
 * answers the effective location: where the order will be, null for unassigned.
 */
export function authorizeAssignment(
  actor: PurchaseOrderActor,
  current: Location | null,
  requested: Assignment,
): Location | null {
  if (current) actor.require(current, 'write');
  if (requested.kind === 'keep') return current;
  if (requested.kind === 'unassign') return null;
  return actor.require(requested.location, 'write');
}

/** Whether the write takes the order away from where it is: a move, an assignment or an unassignment. */
function changesLocation(current: Location | null, requested: Assignment): boolean {
  if (requested.kind === 'keep') return false;
  if (requested.kind === 'unassign') return current !== null;
  return requested.location.id !== current?.id;
}

/**
 * Booked orders stay with their booking (DECISIONS 140): taking an order away needs write access
 * at every location where an appointment books it. Where the caller cannot even read such a
 * location it gets `hidden()`, its answer for an order it cannot see, so that the refusal does
 * not reveal the booking; where it can read but not write, AccessDenied naming the location.
 */
async function requireBookingAccess(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  order: OrderKeys,
  hidden: () => DomainError,
): Promise<void> {
  const bookedAt = (await lookups.bookingLocationIdsOf(order.id)).map((id) => actor.locationById(id));
  if (bookedAt.some((location) => !actor.can(location, 'read'))) throw hidden();
  const readOnly = bookedAt.find((location) => !actor.can(location, 'write'));
  if (readOnly) {
    throw new AccessDenied(
      `purchase order ${order.publicId} is booked at ${readOnly.name}, where you have read-only access; ` +
        'moving, unassigning or deleting it needs write access there',
    );
  }
}

/**
 * Checks a write of an existing order (section 3, section 4.6 rule 2, DECISIONS 140) and answers
 * the effective location. The current and destination locations come first, as the reference
 * words them (403); then the bookings, when the write takes the order away. `hidden` answers a
 * booking the caller cannot see: by default as for an unknown order.
 */
export async function authorizeChange(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  order: OrderKeys,
  current: Location | null,
  requested: Assignment,
  hidden: () => DomainError = () => orderNotFound(order.publicId),
): Promise<Location | null> {
  const effective = authorizeAssignment(actor, current, requested);
  if (changesLocation(current, requested)) await requireBookingAccess(lookups, actor, order, hidden);
  return effective;
}

/** Checks a delete: write access at the order's location (when assigned) and wherever it is booked. */
export async function authorizeRemoval(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  order: OrderKeys,
  current: Location | null,
): Promise<void> {
  if (current) actor.require(current, 'write');
  await requireBookingAccess(lookups, actor, order, () => orderNotFound(order.publicId));
}

/**
 * Finds an order to change or delete by its shown id, locked, and reads it whole (`scope`: every booked
 * appointment, for its events) in the statement that locks it, without the unit of work
 * (DECISIONS 390): updates merge into what is stored (custom values, items), so two at once must
 * not both start from the same copy. A URL location must allow writes (AccessDenied), and only
 * narrows what can be found: an unassigned order is inside every location filter, an order
 * elsewhere or at an inaccessible location is NotFound.
 */
export async function lockVisiblePurchaseOrder(
  em: EntityManager,
  access: Access,
  id: number,
  url: Location | undefined,
  scope: OrderRowScope,
): Promise<{ order: StoredOrderRow; location: Location | null }> {
  if (url) access.require(url, 'write');
  requirePossibleId(id, 'purchase order');
  const order = await lockedPurchaseOrderRow(em, scope, id);
  if (!order) throw orderNotFound(id);
  const location =
    order.locationId == null ? null : access.recordLocation(order.locationId, url, `purchase order ${id}`);
  return { order, location };
}
