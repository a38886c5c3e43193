// Checked writes of orders (order-plan.ts) as statements of their own on the transaction's
// connection, without the unit of work: nothing is loaded into it, no change set is computed. A
// single write is one statement, which writes the order and its items and answers the order
// whole (DECISIONS 390, 391, 494); a bulk upload's orders go together, in at most three
// statements (416). How the values travel: row-statements.ts.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Invalid } from '../errors.js';
import {
  type ChildChanges,
  type ChildTable,
  type InsertedParent,
  insertWithChildren,
  type ParentTable,
  type UpdatedParent,
  updateWithChildren,
  writeParents,
} from '../row-statements.js';
import { writeOrConflict } from '../unique-flush.js';
import { PO_NUMBER_TAKEN } from './fields.js';
import { type ItemChanges, type ItemValues, itemChanges, type StoredItem } from './items.js';
import type { PurchaseOrderLookups } from './lookups.js';
import type { OrderPlan, OrderValues, StoredOrder } from './order-plan.js';
import { type OrderRowScope, type PurchaseOrderRow, type StoredOrderRow, writtenPurchaseOrderRow } from './rows.js';

/** The written columns of an order, as its plan's values name them. */
const orderColumns: Record<keyof OrderValues, string> = {
  locationId: 'location_id',
  poNumber: 'po_number',
  expectedStartsAt: 'expected_starts_at',
  expectedEndsAt: 'expected_ends_at',
  earliestAssignmentDate: 'earliest_assignment_date',
  carrierName: 'carrier_name',
  referenceNumbers: 'reference_numbers',
  notes: 'notes',
  customValues: 'custom_values',
};

/** An order's items. */
const items: ChildTable<keyof ItemValues> = {
  table: 'purchase_order_items',
  parent: 'purchase_order_id',
  columns: {
    productName: 'product_name',
    quantity: 'quantity',
    customerId: 'customer_id',
    customValues: 'custom_values',
  },
};

const orders: ParentTable<keyof OrderValues> = { table: 'purchase_orders', columns: orderColumns, alias: 'po' };

/** The unique index on an organization's order numbers (DECISIONS 32). */
const PO_NUMBER_INDEX = 'purchase_orders_organization_po_number';

/** A unique violation of PO_NUMBER_INDEX as the lookup answers a number in use; anything else as it is. */
function numberInUse(error: unknown): never {
  const index = (error as { constraint?: string }).constraint;
  if (error instanceof UniqueConstraintViolationException && index === PO_NUMBER_INDEX)
    throw Invalid.field('po_number', PO_NUMBER_TAKEN);
  throw error;
}

/**
 * Inserts a planned new order and its items in one statement, which answers the order whole as
 * `scope` reads it. Its number was not looked up (planPurchaseOrder's 'atInsert'): the unique
 * index finds it in use, whether it was before or another request took it since, and the answer
 * is the one the lookup gave (DECISIONS 415).
 */
export function insertOrder(
  lookups: PurchaseOrderLookups,
  plan: OrderPlan<StoredItem>,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow> {
  const { em, organizationId } = lookups;
  const { added } = itemChanges(plan.items, plan.customers);
  return writeOrConflict(
    insertWithChildren(orders, { organization_id: organizationId }, plan.values, items, added, (write) =>
      writtenPurchaseOrderRow(em, scope, write),
    ).catch(numberInUse),
  );
}

/**
 * Writes a planned change to `order` (locked and read whole) and its items in one statement,
 * which answers the order whole as `scope` reads it (updateWithChildren); undefined when the
 * plan holds what is stored.
 */
export function updateOrder(
  lookups: PurchaseOrderLookups,
  order: StoredOrderRow,
  plan: OrderPlan<StoredItem>,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow | undefined> {
  const { em, organizationId } = lookups;
  return writeOrConflict(
    updateWithChildren(
      { ...orders, organizationId, id: order.id, stored: order, values: plan.values },
      items,
      itemRows(itemChanges(plan.items, plan.customers)),
      (write) => writtenPurchaseOrderRow(em, scope, write),
    ),
  );
}

/** Item changes as rows to write: ids to remove, ids with their values, values to add. */
const itemRows = (changes: ItemChanges<StoredItem>): ChildChanges<keyof ItemValues> => ({
  removed: changes.removed.map((item) => item.id),
  changed: changes.changed.map(({ item, values }) => ({ id: item.id, values })),
  added: changes.added,
});

/** A planned order of a bulk upload: a new one under its reserved id, or a change to `stored`, locked. */
export interface PlannedOrderWrite {
  id: number;
  stored?: StoredOrder;
  plan: OrderPlan<StoredItem>;
}

/**
 * Writes a bulk upload's planned orders with their items in at most three statements, however
 * many there are (writeParents): new orders keep the ids reserved for them, and an order whose
 * plan holds what is stored is not written.
 */
export function writePurchaseOrders(lookups: PurchaseOrderLookups, writes: PlannedOrderWrite[]): Promise<void> {
  const inserted: InsertedParent<keyof OrderValues, keyof ItemValues>[] = [];
  const updated: UpdatedParent<keyof OrderValues, keyof ItemValues>[] = [];
  for (const { id, stored, plan } of writes) {
    const changes = itemRows(itemChanges(plan.items, plan.customers));
    if (stored) updated.push({ id, stored, values: plan.values, changes });
    else inserted.push({ id, values: plan.values, added: changes.added });
  }
  return writeOrConflict(writeParents(lookups.em, orders, items, lookups.organizationId, { inserted, updated }));
}
