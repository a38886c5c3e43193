// Line items, planned before anything is written (DECISIONS 34): on update an entry with
// `id` changes that item (which must belong to the order), `_destroy: true` removes it, an
// entry without `id` adds one, and items not mentioned stay. Every item the order ends up
// with must be valid where the order is: its custom values for the effective location and,
// when the warehouse requires it, a catalog product name.
import { isDeepStrictEqual } from 'node:util';
import type { components } from '@warehouse-kit/spec';
import type { Location } from '../../entities/location.js';
import type { PurchaseOrderItem, StoredCustomValues } from '../../entities/purchase-order.js';
import type { FieldErrorCollector } from '../field-error-collector.js';
import { trimToNull } from '../text.js';
import { checkCatalogProducts } from './catalog.js';
import type { ApplicableCustomFields } from './custom-fields.js';
import { type Customer, type CustomerChoice, type CustomerNames, chosenCustomerId } from './customers.js';
import type { PurchaseOrderLookups } from './lookups.js';

export type ItemInput = components['schemas']['PurchaseOrderItemInput'];

/** An order's items, however many requests added them, so that every order renders bounded (DECISIONS 59). */
export const MAX_ITEMS = 50;

/**
 * `create`: a new order's items (no `id`, no `_destroy`). `nested`: an update's entries.
 * `replace`: the entries replace every current item (bulk upload).
 */
export type ItemsMode = 'create' | 'nested' | 'replace';

/** What planning reads of a stored item: an entity in the unit of work, or a row a write read (StoredItemRow). */
export type StoredItem = Pick<
  PurchaseOrderItem,
  'id' | 'publicId' | 'productName' | 'quantity' | 'customValues' | 'customerId'
>;

export interface PlannedItem<I extends StoredItem = StoredItem> {
  /** The stored item; absent for a new one. */
  item?: I;
  /**
   * Where its errors go: `purchase_order_items[2].` for an entry of the request, `purchase_order_items[id=7].` for an
   * item it does not mention.
   */
  path: string;
  productName: string;
  quantity: number;
  /** undefined keeps the item's customer; null means none. */
  customer?: CustomerChoice | null;
  customValues: StoredCustomValues;
}

export interface ItemPlan<I extends StoredItem = StoredItem> {
  /** The items the order ends up with: current ones in id order, then new ones. */
  items: PlannedItem<I>[];
  removed: I[];
  /** Names of customers to create for these items. */
  newCustomers: string[];
}

export interface ItemContext {
  lookups: PurchaseOrderLookups;
  location: Location | null;
  customFields: ApplicableCustomFields;
  errors: FieldErrorCollector;
}

const notOnCreate: Record<Exclude<ItemsMode, 'nested'>, string> = {
  create: 'is not allowed when creating an order',
  replace: "is not allowed here: these items replace the order's items",
};

/** The customer an entry asks for: undefined when it does not say, null for none. */
function plannedCustomer(
  input: ItemInput,
  path: string,
  customers: CustomerNames,
  errors: FieldErrorCollector,
): CustomerChoice | null | undefined {
  if (input.customer_name === undefined) return undefined;
  const name = trimToNull(input.customer_name);
  if (!name) return null;
  const choice = customers.choose(name);
  if ('problem' in choice) {
    errors.add(`${path}customer_name`, choice.problem);
    return undefined;
  }
  return choice;
}

function plannedName(
  value: string | undefined,
  current: string | undefined,
  path: string,
  errors: FieldErrorCollector,
): string {
  if (value === undefined && current !== undefined) return current;
  const name = trimToNull(value);
  if (!name) errors.add(`${path}product_name`, "can't be blank");
  return name ?? '';
}

function plannedQuantity(
  value: number | undefined,
  current: number | undefined,
  path: string,
  errors: FieldErrorCollector,
): number {
  const quantity = value ?? current;
  if (quantity === undefined) errors.add(`${path}quantity`, "can't be blank");
  return quantity ?? 0;
}

/** Whether a planned entry says exactly what a stored item already holds. */
function holdsTheSame(planned: PlannedItem, item: StoredItem): boolean {
  const customer = planned.customer;
  const sameCustomer =
    customer === null
      ? item.customerId === null
      : !!customer && 'existing' in customer && customer.existing.id === item.customerId;
  return (
    sameCustomer &&
    item.productName === planned.productName &&
    item.quantity === planned.quantity &&
    isDeepStrictEqual(item.customValues, planned.customValues)
  );
}

/**
 * Replacing items keeps each current item that an entry repeats exactly, id included, and
 * replaces only what differs: a repeated upload changes nothing (DECISIONS 38), and an import
 * that sends an order again keeps its item ids.
 */
function keepEqualItems<I extends StoredItem>(entries: PlannedItem<I>[], current: I[]): PlannedItem<I>[] {
  const unclaimed = [...current];
  return entries.map((planned) => {
    const index = unclaimed.findIndex((item) => holdsTheSame(planned, item));
    return index < 0 ? planned : { ...planned, item: unclaimed.splice(index, 1)[0] };
  });
}

export async function planItems<I extends StoredItem>(
  context: ItemContext,
  current: I[],
  inputs: ItemInput[] = [],
  mode: ItemsMode,
): Promise<ItemPlan<I>> {
  const { lookups, location, customFields, errors } = context;
  const names = inputs.flatMap((input) => trimToNull(input.customer_name) ?? []);
  const customers = await lookups.customerNames(location, names);
  // Entries name items by the ids the API shows (DECISIONS 440).
  const byId = new Map(current.map((item) => [item.publicId, item]));
  const changed = new Map<number, PlannedItem<I>>();
  const destroyed = new Set<number>();
  const added: PlannedItem<I>[] = [];

  const plan = (input: ItemInput, path: string, item?: I): PlannedItem<I> => {
    const customer = plannedCustomer(input, path, customers, errors);
    return {
      item,
      path,
      productName: plannedName(input.product_name, item?.productName, path, errors),
      quantity: plannedQuantity(input.quantity, item?.quantity, path, errors),
      // A new item without a customer has none; an existing one keeps its own.
      customer: customer === undefined && !item ? null : customer,
      customValues: customFields.merge(
        'purchase_order_item',
        item?.customValues ?? {},
        input.custom_values,
        path,
        errors,
      ),
    };
  };
  const unchanged = (item: I): PlannedItem<I> => {
    const path = `purchase_order_items[id=${item.publicId}].`;
    return {
      item,
      path,
      productName: item.productName,
      quantity: item.quantity,
      customValues: customFields.merge('purchase_order_item', item.customValues, undefined, path, errors),
    };
  };

  inputs.forEach((input, index) => {
    const path = `purchase_order_items[${index}].`;
    if (mode !== 'nested' && (input.id !== undefined || input._destroy !== undefined)) {
      errors.add(`${path}${input.id !== undefined ? 'id' : '_destroy'}`, notOnCreate[mode]);
    } else if (input.id === undefined) {
      if (input._destroy) errors.add(`${path}_destroy`, 'needs the id of the item to remove');
      else added.push(plan(input, path));
    } else {
      const item = byId.get(input.id);
      if (!item) errors.add(`${path}id`, 'is not an item of this purchase order');
      else if (changed.has(item.id) || destroyed.has(item.id)) errors.add(`${path}id`, 'is given more than once');
      else if (input._destroy) destroyed.add(item.id);
      else changed.set(item.id, plan(input, path, item));
    }
  });

  const kept = mode === 'replace' ? [] : current.filter((item) => !destroyed.has(item.id));
  const fresh = mode === 'replace' ? keepEqualItems(added, current) : added;
  const items = [...kept.map((item) => changed.get(item.id) ?? unchanged(item)), ...fresh];
  const staying = new Set(items.flatMap((planned) => planned.item ?? []));
  if (items.length > MAX_ITEMS)
    errors.add(
      'purchase_order_items',
      `would leave the order with ${items.length} items; it may have at most ${MAX_ITEMS}`,
    );
  await checkCatalogProducts(lookups, location, items, errors);
  return {
    items,
    removed: current.filter((item) => !staying.has(item)),
    newCustomers: items.flatMap((planned) =>
      planned.customer && 'create' in planned.customer ? [planned.customer.create] : [],
    ),
  };
}

/** What a stored item holds once written: its columns other than keys and times. */
export type ItemValues = Pick<PurchaseOrderItem, 'productName' | 'quantity' | 'customValues' | 'customerId'>;

/** What writing a plan changes: items to remove, items whose values differ, new items in order. */
export interface ItemChanges<I extends StoredItem> {
  removed: I[];
  changed: { item: I; values: ItemValues }[];
  added: ItemValues[];
}

/** The changes a validated plan makes, once `created` holds the customers it creates; an item that would hold what it holds is left alone. */
export function itemChanges<I extends StoredItem>(plan: ItemPlan<I>, created: Map<string, Customer>): ItemChanges<I> {
  const changes: ItemChanges<I> = { removed: plan.removed, changed: [], added: [] };
  for (const planned of plan.items) {
    const values: ItemValues = {
      productName: planned.productName,
      quantity: planned.quantity,
      customValues: planned.customValues,
      customerId:
        planned.customer === undefined
          ? (planned.item?.customerId ?? null)
          : planned.customer && chosenCustomerId(planned.customer, created),
    };
    const { item } = planned;
    if (!item) changes.added.push(values);
    else if (Object.entries(values).some(([key, value]) => !isDeepStrictEqual(item[key as keyof ItemValues], value)))
      changes.changed.push({ item, values });
  }
  return changes;
}
