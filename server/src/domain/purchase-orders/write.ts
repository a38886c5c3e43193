// Creating and changing purchase orders: the one code path the API handlers, bulk uploads
// and provisioning share. Everything is planned and checked first, so a rejected write
// changes nothing even outside a transaction; then customers are created and the order and
// its items go into the unit of work, which the caller flushes. Callers run it inside a
// transaction (the router does), which settles races.
import type { Location } from '../../entities/location.js';
import { PurchaseOrder } from '../../entities/purchase-order.js';
import { Invalid } from '../errors.js';
import { FieldErrorCollector } from '../field-error-collector.js';
import { zoneOf } from '../time.js';
import { authorizeAssignment, authorizeChange, type PurchaseOrderActor, requestedPlacement } from './assignment.js';
import { checkCustomValuesBudget } from './custom-fields.js';
import { checkRequiredFields, PO_NUMBER_TAKEN, type PurchaseOrderInput, plannedFields } from './fields.js';
import { applyItems, type ItemsMode, planItems } from './items.js';
import type { PurchaseOrderLookups } from './lookups.js';
import { plannedTimes } from './times.js';

export type { PurchaseOrderActor } from './assignment.js';
export type { PurchaseOrderInput } from './fields.js';

/**
 * Writes `input` to `order` (a new one when undefined), which will be at `location` (null:
 * unassigned): offset-less times, custom fields, required fields, catalog products and
 * customer creation all follow that effective location. BadInput or Invalid before any change.
 * The order and its items are left in the unit of work: the caller flushes (flushOrConflict),
 * once for a whole bulk upload.
 */
export async function savePurchaseOrder(
  lookups: PurchaseOrderLookups,
  order: PurchaseOrder | undefined,
  input: PurchaseOrderInput,
  location: Location | null,
  itemsMode: ItemsMode,
): Promise<PurchaseOrder> {
  const { em, organizationId } = lookups;
  const errors = new FieldErrorCollector();
  const times = plannedTimes(
    { expectedStartsAt: order?.expectedStartsAt ?? null, expectedEndsAt: order?.expectedEndsAt ?? null },
    input,
    zoneOf(location),
    errors,
  );
  const fields = await plannedFields(lookups, order, input, errors);
  const customFields = await lookups.customFieldsAt(location);
  const customValues = customFields.merge('purchase_order', order?.customValues ?? {}, input.custom_values, '', errors);
  const currentItems = order ? await lookups.itemsOf(order.id) : [];
  const items = await planItems(
    { lookups, location, customFields, errors },
    currentItems,
    input.purchase_order_items,
    itemsMode,
  );
  checkRequiredFields(location, { ...times, ...fields }, errors);
  checkCustomValuesBudget(
    customValues,
    items.items.map((item) => item.customValues),
    errors,
  );
  errors.throwIfAny();

  const customers = await lookups.createCustomers(location, items.newCustomers);
  // A reserved id lets the new items name their order before anything is flushed.
  const saved =
    order ??
    (em.create(PurchaseOrder, {
      id: await lookups.newOrderId(),
      organizationId,
      earliestAssignmentDate: null,
    } as never) as PurchaseOrder);
  em.assign(saved, { ...times, ...fields, customValues, locationId: location?.id ?? null });
  // Kept through moves and unassignment (DECISIONS 33).
  if (location && !saved.earliestAssignmentDate) saved.earliestAssignmentDate = new Date();
  if (applyItems(em, saved.id, organizationId, items, customers) && order) saved.updatedAt = new Date();
  return saved;
}

export interface PlacementOptions {
  /** The location the request's URL names (query parameter or location interface), if any. */
  urlLocation?: Location;
}

/** Creates an order: unassigned, or assigned to the body's location or else the URL's (write access needed there). */
export async function createPurchaseOrder(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  input: PurchaseOrderInput & { po_number: string },
  { urlLocation }: PlacementOptions = {},
): Promise<PurchaseOrder> {
  const location = authorizeAssignment(actor, null, requestedPlacement(actor, urlLocation, input.location_name));
  return savePurchaseOrder(lookups, undefined, input, location, 'create');
}

/**
 * Creates or updates the order with `input.po_number`, placed like a create: the body's
 * location, else the URL's (so an unassigned order is assigned there). An order assigned
 * to a location other than the URL's is Invalid on `po_number`; so is one the caller cannot
 * see, or cannot take from where it is booked without learning of the booking, with the
 * words a create would use (DECISIONS 140, 142). With `replaceItems`, the sent items replace
 * the order's items, so the same input can be applied again safely.
 */
export async function upsertPurchaseOrder(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  input: PurchaseOrderInput & { po_number: string },
  { urlLocation, replaceItems = false }: PlacementOptions & { replaceItems?: boolean } = {},
): Promise<{ order: PurchaseOrder; action: 'created' | 'updated' }> {
  const order = await lookups.orderNumbered(input.po_number.trim());
  if (!order) return { order: await createPurchaseOrder(lookups, actor, input, { urlLocation }), action: 'created' };
  const current = order.locationId == null ? null : actor.locationById(order.locationId);
  const taken = () => Invalid.field('po_number', PO_NUMBER_TAKEN);
  if (current && !actor.can(current, 'read')) throw taken();
  if (urlLocation && current && current.id !== urlLocation.id) {
    throw Invalid.field(
      'po_number',
      `belongs to an order assigned to another location (${current.name}), not ${urlLocation.name}`,
    );
  }
  const requested = requestedPlacement(actor, urlLocation, input.location_name);
  const location = await authorizeChange(lookups, actor, order, current, requested, taken);
  const itemsMode = replaceItems && input.purchase_order_items ? 'replace' : 'nested';
  return {
    order: await savePurchaseOrder(lookups, order, input, location, itemsMode),
    action: 'updated',
  };
}
