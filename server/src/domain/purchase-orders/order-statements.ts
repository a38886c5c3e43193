// A checked write of one order (order-plan.ts) as statements of its own on the transaction's
// connection, through `em.execute`, without the unit of work: nothing is loaded into it, no
// change set is computed, and a write sends what the floor sends (DECISIONS 390, 391). The
// values travel as one JSON literal per table, read by json_populate_record(set) into the
// table's own row type, so every column is converted as PostgreSQL converts it; they are inlined
// by sqlLiteral (297), with the ids, so the statements take no parameters for `formatQuery` to
// quote a character at a time. Times are the server's, as the unit of work set them: whole
// milliseconds, which responses and filters rely on.
import { isDeepStrictEqual } from 'node:util';
import { sqlLiteral } from '../../db/sql-literal.js';
import { writeOrConflict } from '../unique-flush.js';
import { anyItemChanges, type ItemChanges, type ItemValues, itemChanges, type StoredItem } from './items.js';
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

/** The written columns of an item. */
const itemColumns: Record<keyof ItemValues, string> = {
  productName: 'product_name',
  quantity: 'quantity',
  customerId: 'customer_id',
  customValues: 'custom_values',
};

/** `values` as a row of its table, keyed by column, with `extra` (keys, times). */
function rowJson<K extends string>(
  columns: Record<K, string>,
  values: Record<K, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const row: Record<string, unknown> = { ...extra };
  for (const key of Object.keys(columns) as K[]) row[columns[key]] = values[key];
  return row;
}

/** `value` as a JSON literal, inlined. */
const jsonLiteral = (value: unknown) => `${sqlLiteral(JSON.stringify(value))}::json`;

/** The columns, each prefixed. */
const listed = (columns: Record<string, string>, prefix = '') =>
  Object.values(columns)
    .map((column) => `${prefix}${column}`)
    .join(', ');

/** `column = v.column, …` for each written column, and `updated_at`. */
const setFromV = (columns: Record<string, string>) =>
  `${Object.values(columns)
    .map((column) => `${column} = v.${column}`)
    .join(', ')}, updated_at = v.updated_at`;

/** New items as a JSON literal of rows. */
const itemRows = (organizationId: number, added: ItemValues[], now: Date) =>
  jsonLiteral(
    added.map((values) =>
      rowJson(itemColumns, values, { organization_id: organizationId, created_at: now, updated_at: now }),
    ),
  );

/** Inserts items (`rows`, a JSON literal) for the order whose id `orderId` gives, in their order, so their ids follow it. */
const insertItemsSql = (orderId: string | number, rows: string, from = '') =>
  `insert into purchase_order_items (organization_id, purchase_order_id, ${listed(itemColumns)}, created_at, updated_at)
      select i.organization_id, ${orderId}, ${listed(itemColumns, 'i.')}, i.created_at, i.updated_at
      from ${from}json_populate_recordset(null::purchase_order_items, ${rows}) with ordinality as i
      order by i.ordinality`;

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
      ), items as (${insertItemsSql('po.id', itemRows(organizationId, added, now), 'po, ')})
      select id from po`,
    ),
  );
  return row!.id;
}

/** Removes, changes and adds an order's items in one statement. */
async function writeItems(
  lookups: PurchaseOrderLookups,
  orderId: number,
  changes: ItemChanges<StoredItem>,
  now: Date,
): Promise<void> {
  const { em, organizationId } = lookups;
  const parts: string[] = [];
  if (changes.removed.length > 0) {
    const ids = changes.removed.map((item) => item.id).join(', ');
    parts.push(`removed as (delete from purchase_order_items
        where organization_id = ${organizationId} and purchase_order_id = ${orderId} and id in (${ids}))`);
  }
  if (changes.changed.length > 0) {
    const rows = changes.changed.map(({ item, values }) =>
      rowJson(itemColumns, values, { id: item.id, updated_at: now }),
    );
    parts.push(`changed as (update purchase_order_items i set ${setFromV(itemColumns)}
        from json_populate_recordset(null::purchase_order_items, ${jsonLiteral(rows)}) as v
        where i.organization_id = ${organizationId} and i.purchase_order_id = ${orderId} and i.id = v.id)`);
  }
  if (changes.added.length > 0) {
    parts.push(`added as (${insertItemsSql(orderId, itemRows(organizationId, changes.added, now))})`);
  }
  await em.execute(`with ${parts.join(', ')} select 1`);
}

/**
 * Writes a planned change to `order` (locked and read whole): its items first, then the order,
 * whose statement answers it whole as `scope` reads it, with the version its items' triggers and
 * its own left. Undefined when the plan holds what is stored: nothing is written, as the unit of
 * work wrote nothing for an empty change set.
 */
export async function updateOrder(
  lookups: PurchaseOrderLookups,
  order: StoredOrderRow,
  plan: OrderPlan<StoredItem>,
  scope: OrderRowScope,
): Promise<PurchaseOrderRow | undefined> {
  const { em, organizationId } = lookups;
  const changes = itemChanges(plan.items, plan.customers);
  const itemsChanged = anyItemChanges(changes);
  const orderChanged = (Object.keys(orderColumns) as (keyof OrderValues)[]).some(
    (key) => !isDeepStrictEqual(order[key], plan.values[key]),
  );
  if (!itemsChanged && !orderChanged) return undefined;
  const now = new Date();
  if (itemsChanged) await writeItems(lookups, order.id, changes, now);
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
