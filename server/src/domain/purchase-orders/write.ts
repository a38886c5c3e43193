// Creating and changing purchase orders: the one planning path the API handlers, bulk uploads
// and provisioning share. Everything is planned and checked first, so a rejected write
// changes nothing even outside a transaction; then customers are created and the order and
// its items are written as statements of their own, without the unit of work
// (order-statements.ts): by a single write on its own (DECISIONS 390), by a bulk upload for all
// its rows together (416). Callers run it inside a transaction (the router does), which
// settles races.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import { affectedRows, sql } from '../../sql/statements.js';
import { Invalid } from '../errors.js';
import { FieldErrorCollector } from '../field-error-collector.js';
import { zoneOf } from '../time.js';
import { authorizeAssignment, authorizeChange, type PurchaseOrderActor, requestedPlacement } from './assignment.js';
import { checkCustomValuesBudget } from './custom-fields.js';
import { checkRequiredFields, PO_NUMBER_TAKEN, type PurchaseOrderInput, plannedFields } from './fields.js';
import { type ItemsMode, planItems, type StoredItem } from './items.js';
import type { PurchaseOrderLookups } from './lookups.js';
import type { OrderPlan, OrderValues, StoredOrder } from './order-plan.js';
import { insertOrder, type PlannedOrderWrite, updateOrder } from './order-statements.js';
import type { OrderRowScope, PurchaseOrderRow, StoredOrderRow } from './rows.js';
import { plannedTimes } from './times.js';

export type { PurchaseOrderActor } from './assignment.js';
export type { PurchaseOrderInput } from './fields.js';

/**
 * Plans writing `input` to `order` (a new one when undefined, with `currentItems` its items),
 * which will be at `location` (null: unassigned): offset-less times, custom fields, required
 * fields, catalog products and customer creation all follow that effective location. BadInput
 * or Invalid before any change; the customers the items name and do not exist are created last.
 * With `numberCheck` 'atInsert', a number in use that is the input's only fault is left for the
 * insert to find (insertOrder, DECISIONS 415); with other faults it is looked up here, so that
 * the answer names them all, in the order it always did.
 */
async function planPurchaseOrder<I extends StoredItem>(
  lookups: PurchaseOrderLookups,
  order: StoredOrder | undefined,
  currentItems: I[],
  input: PurchaseOrderInput,
  location: Location | null,
  itemsMode: ItemsMode,
  numberCheck: 'planned' | 'atInsert' = 'planned',
): Promise<OrderPlan<I>> {
  const errors = new FieldErrorCollector();
  const times = plannedTimes(
    { expectedStartsAt: order?.expectedStartsAt ?? null, expectedEndsAt: order?.expectedEndsAt ?? null },
    input,
    zoneOf(location),
    errors,
  );
  const fields = await plannedFields(lookups, order, input, errors, numberCheck === 'planned');
  const customFields = await lookups.customFieldsAt(location);
  const customValues = customFields.merge('purchase_order', order?.customValues ?? {}, input.custom_values, '', errors);
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
  if (numberCheck === 'atInsert' && !errors.empty && fields.poNumber && (await lookups.numberTaken(fields.poNumber)))
    errors.add('po_number', PO_NUMBER_TAKEN);
  errors.throwIfAny();

  const customers = await lookups.createCustomers(location, items.newCustomers);
  const values: OrderValues = {
    ...times,
    ...fields,
    customValues,
    locationId: location?.id ?? null,
    // Kept through moves and unassignment (DECISIONS 33).
    earliestAssignmentDate: order?.earliestAssignmentDate ?? (location ? new Date() : null),
  };
  return { values, items, customers };
}

export interface PlacementOptions {
  /** The location the request's URL names (query parameter or location interface), if any. */
  urlLocation?: Location;
}

/** Where a new order goes: unassigned, or the body's location or else the URL's (write access needed there). */
export const newOrderLocation = (actor: PurchaseOrderActor, input: PurchaseOrderInput, urlLocation?: Location) =>
  authorizeAssignment(actor, null, requestedPlacement(actor, urlLocation, input.location_name));

/**
 * Creates an order at `location` (newOrderLocation), written by one statement without the unit
 * of work (DECISIONS 390): answers it as written, read whole as `scope` says.
 */
export async function insertPurchaseOrder(
  lookups: PurchaseOrderLookups,
  input: PurchaseOrderInput & { po_number: string },
  location: Location | null,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow> {
  const plan = await planPurchaseOrder(lookups, undefined, [], input, location, 'create', 'atInsert');
  return insertOrder(lookups, plan, scope);
}

/**
 * Writes `input` to `order`, locked and read whole (lockVisiblePurchaseOrder), which will be at
 * `location`, without the unit of work (DECISIONS 390): answers the order as written, read whole
 * as `scope` says, or undefined when the write changes nothing.
 */
export async function changePurchaseOrder(
  lookups: PurchaseOrderLookups,
  order: StoredOrderRow,
  input: PurchaseOrderInput,
  location: Location | null,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow | undefined> {
  const plan = await planPurchaseOrder(lookups, order, order.items, input, location, 'nested');
  return updateOrder(lookups, order, plan, scope);
}

/**
 * Deletes an order, found and authorized (authorizeRemoval), by one statement without the unit
 * of work (DECISIONS 390). Its items go with it; packing lists keep its po_number as text
 * (foreign keys in the schema).
 */
export async function deletePurchaseOrder(em: EntityManager, organizationId: number, id: number): Promise<void> {
  await affectedRows(em, sql`delete from purchase_orders where organization_id = ${organizationId} and id = ${id}`);
}

/**
 * Plans creating or updating the order with `input.po_number`, placed like a create: the body's
 * location, else the URL's (so an unassigned order is assigned there). An order assigned to a
 * location other than the URL's is Invalid on `po_number`; so is one the caller cannot see, or
 * cannot take from where it is booked without learning of the booking, with the words a create
 * would use (DECISIONS 140, 142). With `replaceItems`, the sent items replace the order's items,
 * so the same input can be applied again safely. A new order gets a reserved id; nothing is
 * written but the customers its items create: writePurchaseOrders writes a bulk upload's plans
 * together.
 */
export async function plannedUpsert(
  lookups: PurchaseOrderLookups,
  actor: PurchaseOrderActor,
  input: PurchaseOrderInput & { po_number: string },
  { urlLocation, replaceItems = false }: PlacementOptions & { replaceItems?: boolean } = {},
): Promise<{ write: PlannedOrderWrite; action: 'created' | 'updated' }> {
  const order = await lookups.orderNumbered(input.po_number.trim());
  if (!order) {
    const location = newOrderLocation(actor, input, urlLocation);
    const plan = await planPurchaseOrder(lookups, undefined, [], input, location, 'create');
    return { write: { id: await lookups.newOrderId(), plan }, action: 'created' };
  }
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
  const plan = await planPurchaseOrder(lookups, order, order.items, input, location, itemsMode);
  return { write: { id: order.id, stored: order, plan }, action: 'updated' };
}
