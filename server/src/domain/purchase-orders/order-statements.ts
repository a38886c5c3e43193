// A checked write of one order (order-plan.ts) as statements of its own on the transaction's
// connection, through `em.execute`, without the unit of work: nothing is loaded into it, no
// change set is computed, and a write sends what the floor sends (DECISIONS 390, 391; how the
// values travel: row-statements.ts).
import {
  type ChildTable,
  childWritesSql,
  differs,
  insertChildrenSql,
  jsonLiteral,
  listed,
  rowJson,
  setFromV,
} from '../row-statements.js';
import { writeOrConflict } from '../unique-flush.js';
import { type ItemValues, itemChanges, type StoredItem } from './items.js';
import type { PurchaseOrderLookups } from './lookups.js';
import type { OrderPlan, OrderValues } from './order-plan.js';
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

/** Inserts a planned new order and its items in one statement; answers the order's id. */
export async function insertOrder(lookups: PurchaseOrderLookups, plan: OrderPlan<StoredItem>): Promise<number> {
  const { em, organizationId } = lookups;
  const now = new Date();
  const order = rowJson(orderColumns, plan.values, {
    organization_id: organizationId,
    created_at: now,
    updated_at: now,
  });
  const { added } = itemChanges(plan.items, plan.customers);
  const [row] = await writeOrConflict(
    em.execute<{ id: number }[]>(
      `with po as (
        insert into purchase_orders (organization_id, ${listed(orderColumns)}, created_at, updated_at)
        select organization_id, ${listed(orderColumns)}, created_at, updated_at
        from json_populate_record(null::purchase_orders, ${jsonLiteral(order)})
        returning id
      ), items as (${insertChildrenSql(items, organizationId, 'po.id', added, now, 'po, ')})
      select id from po`,
    ),
  );
  return row!.id;
}

/**
 * Writes a planned change to `order` (locked and read whole): its items first, in one statement,
 * then the order, whose statement answers it whole as `scope` reads it, with the version its
 * items' triggers and its own left. Undefined when the plan holds what is stored: nothing is
 * written, as the unit of work wrote nothing for an empty change set.
 */
export async function updateOrder(
  lookups: PurchaseOrderLookups,
  order: StoredOrderRow,
  plan: OrderPlan<StoredItem>,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow | undefined> {
  const { em, organizationId } = lookups;
  const changes = itemChanges(plan.items, plan.customers);
  const now = new Date();
  const itemWrites = childWritesSql(
    items,
    organizationId,
    order.id,
    {
      removed: changes.removed.map((item) => item.id),
      changed: changes.changed.map(({ item, values }) => ({ id: item.id, values })),
      added: changes.added,
    },
    now,
  );
  if (!itemWrites && !differs<keyof OrderValues>(orderColumns, order, plan.values)) return undefined;
  if (itemWrites) await em.execute(itemWrites);
  const values = jsonLiteral(rowJson(orderColumns, plan.values, { updated_at: now }));
  return writeOrConflict(
    writtenPurchaseOrderRow(
      em,
      scope,
      `with po as (update purchase_orders o set ${setFromV(orderColumns)}
        from json_populate_record(null::purchase_orders, ${values}) as v
        where o.organization_id = ${organizationId} and o.id = ${order.id}
        returning o.*)`,
    ),
  );
}
