// Bulk uploads (section 4.8; DECISIONS 3, 38, 104): many products and purchase orders in one
// request on a location interface, all or nothing. Every row is checked, so that every failing
// row is reported, not just the first; any failure rolls the whole upload back (the router runs
// the request in one transaction). The work is set-based: what the rows read is looked up for
// all of them at once, one query per kind; each row is planned in memory and changes nothing
// unless it is valid; then the products, and then the orders with their items, are written
// without the unit of work, a few statements for all the rows (DECISIONS 416). Records are
// locked in one order (new customers first, sorted; products by id; orders by number), so that
// concurrent uploads wait for each other instead of deadlocking (DECISIONS 66).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { BadInput, Invalid } from '../domain/errors.js';
import { FieldErrorCollector } from '../domain/field-error-collector.js';
import { insertProducts, type ProductUpdate, updateProducts } from '../domain/product-statements.js';
import { findProductsBySku, type ProductChanges, plannedProductChanges, skuKey } from '../domain/products.js';
import { PurchaseOrderLookups } from '../domain/purchase-orders/lookups.js';
import { type PlannedOrderWrite, writePurchaseOrders } from '../domain/purchase-orders/order-statements.js';
import type { StoredOrderRow } from '../domain/purchase-orders/rows.js';
import { plannedUpsert } from '../domain/purchase-orders/write.js';
import { trimToNull } from '../domain/text.js';
import type { Location } from '../entities/location.js';
import { recordCreatedCustomers } from '../events/created-customers.js';
import type { EventLog } from '../events/event-log.js';
import type { RecordState } from '../events/record-state.js';
import type { Handlers } from '../http/handler.js';
import { presentWholePurchaseOrder, presentWholePurchaseOrders, wholeOrderScope } from '../present/purchase-orders.js';
import { renderProduct } from '../render/product.js';

type Row = components['schemas']['BulkUploadRow'];

/** A row's order as the upload plans it, by the order's row id; shown as a Row once written (DECISIONS 440). */
type OrderResult = Omit<Row, 'id'> & { orderId: number };

/**
 * Plans one row. A rule broken (Invalid) or a value the row cannot use (BadInput) is recorded
 * under the row's path; anything else, such as missing access, stops the upload.
 */
async function applyRow<T>(path: string, errors: FieldErrorCollector, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Invalid) errors.merge(path, error.errors);
    else if (error instanceof BadInput) errors.add(path, error.message);
    else throw error;
    return undefined;
  }
}

/**
 * The indexes of the rows to write, in the order of their keys. A key that appears twice in
 * one upload is refused: which row should win is not the server's to guess.
 */
function rowsInKeyOrder<T>(
  rows: T[],
  key: (row: T) => string,
  path: (index: number) => string,
  errors: FieldErrorCollector,
): number[] {
  const seen = new Map<string, number>();
  rows.forEach((row, index) => {
    const value = key(row);
    const first = seen.get(value);
    if (first === undefined) seen.set(value, index);
    else errors.add(path(index), `repeats row ${first} of this upload`);
  });
  return [...seen.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, index]) => index);
}

const byRow = (a: { row: number }, b: { row: number }) => a.row - b.row;

async function uploadProducts(
  em: EntityManager,
  location: Location,
  rows: components['schemas']['BulkProductRow'][],
  errors: FieldErrorCollector,
  events: EventLog,
) {
  const { organizationId } = location;
  const sequence = rowsInKeyOrder(
    rows,
    (row) => skuKey(row.sku),
    (i) => `products[${i}].sku`,
    errors,
  );
  const existing = await findProductsBySku(
    em,
    organizationId,
    location.id,
    sequence.map((index) => rows[index]!.sku),
    { lock: true },
  );
  const created: { row: number; changes: ProductChanges }[] = [];
  const updated: { row: number; update: ProductUpdate }[] = [];
  for (const index of sequence) {
    const row = rows[index]!;
    const product = existing.get(skuKey(row.sku)) ?? null;
    const changes = await applyRow(`products[${index}]`, errors, () =>
      plannedProductChanges(em, organizationId, product ?? { locationId: location.id }, row, {
        creating: !product,
        requireSku: true,
        skuHolder: product,
      }),
    );
    if (changes && product) updated.push({ row: index, update: { product, changes } });
    else if (changes) created.push({ row: index, changes });
  }
  // Written even when some rows failed: the orders' catalog check must see the valid ones.
  const inserted = await insertProducts(
    em,
    organizationId,
    location.id,
    created.map(({ changes }) => changes),
  );
  const written = await updateProducts(
    em,
    organizationId,
    updated.map(({ update }) => update),
  );
  const results = [
    ...created.map(({ row }, i) => ({ row, product: inserted[i]!, action: 'created' as const })),
    ...updated.map(({ row, update }, i) => ({ row, product: written[i]!, action: 'updated' as const, update })),
  ].sort(byRow);
  for (const result of results) {
    const before =
      'update' in result ? { object: renderProduct(result.update.product, location), location } : undefined;
    const after = { object: renderProduct(result.product, location), location };
    events.record({ kind: 'product', organizationId, before, after });
  }
  return results.map(({ row, product, action }) => ({ row, id: product.publicId, action }));
}

/**
 * Reads every row's order, items, bookings, catalog names and custom fields up front, one query per
 * kind; answers the ids of the orders that exist.
 */
async function lookUpOrderRows(
  lookups: PurchaseOrderLookups,
  access: Access,
  location: Location,
  rows: components['schemas']['BulkPurchaseOrderRow'][],
): Promise<StoredOrderRow[]> {
  const numbers = rows.map((row) => row.po_number.trim());
  // Read whole, every booked appointment included: the rows that change them have events (DECISIONS 172).
  await lookups.loadOrders(numbers, wholeOrderScope(access).appointmentLocationIds);
  const productNames = rows.flatMap((row) => (row.purchase_order_items ?? []).map((item) => item.product_name ?? ''));
  const existing: StoredOrderRow[] = [];
  for (const number of numbers) {
    const order = await lookups.orderNumbered(number);
    if (order) {
      productNames.push(...order.items.map((item) => item.productName));
      existing.push(order);
    }
  }
  await lookups.loadBookings(existing.map((order) => order.id));
  await lookups.reserveOrderIds(numbers.length - existing.length);
  if (location.requireCatalogProducts) await lookups.loadCatalog(location, productNames);
  await lookups.customFieldsAt(location);
  return existing;
}

async function uploadPurchaseOrders(
  lookups: PurchaseOrderLookups,
  access: Access,
  location: Location,
  rows: components['schemas']['BulkPurchaseOrderRow'][],
  errors: FieldErrorCollector,
) {
  const sequence = rowsInKeyOrder(
    rows,
    (row) => row.po_number.trim(),
    (i) => `purchase_orders[${i}].po_number`,
    errors,
  );
  const existing = await lookUpOrderRows(
    lookups,
    access,
    location,
    sequence.map((index) => rows[index]!),
  );
  // As they were, for the events of the rows that change them.
  const before = existing.map((order) => presentWholePurchaseOrder(access, order));
  const results: OrderResult[] = [];
  const writes: PlannedOrderWrite[] = [];
  for (const index of sequence) {
    const result = await applyRow(`purchase_orders[${index}]`, errors, async () => {
      // Items replace the order's items, so the same upload can be applied again (DECISIONS 38).
      const { write, action } = await plannedUpsert(lookups, access, rows[index]!, {
        urlLocation: location,
        replaceItems: true,
      });
      writes.push(write);
      return { row: index, orderId: write.id, action };
    });
    if (result) results.push(result);
  }
  return { results: results.sort(byRow), before, writes };
}

/**
 * Each row's order after the upload, with its state before when it existed: one read for all of
 * them. Answers the rows as the API shows them, each with its order's shown id.
 */
async function recordOrderEvents(
  em: EntityManager,
  access: Access,
  results: OrderResult[],
  before: RecordState<'purchase_order'>[],
  events: EventLog,
): Promise<Row[]> {
  const previous = new Map(before.map((order) => [order.object.id, order]));
  const after = await presentWholePurchaseOrders(
    em,
    access,
    results.map((result) => result.orderId),
  );
  return results.map(({ row, orderId, action }) => {
    const order = after.get(orderId)!;
    events.record({
      kind: 'purchase_order',
      organizationId: access.organization.id,
      before: previous.get(order.object.id),
      after: order,
    });
    return { row, id: order.object.id, action };
  });
}

/** Creates, in name order, the customers the upload's items name that do not exist yet, before any row. */
async function createNamedCustomers(
  lookups: PurchaseOrderLookups,
  location: Location,
  rows: components['schemas']['BulkPurchaseOrderRow'][],
) {
  const names = rows.flatMap((row) =>
    (row.purchase_order_items ?? []).flatMap((item) => trimToNull(item.customer_name) ?? []),
  );
  const known = await lookups.customerNames(location, names);
  const missing = names.flatMap((name) => {
    const choice = known.choose(name);
    return 'create' in choice ? [choice.create] : [];
  });
  await lookups.createCustomers(location, missing);
}

export const bulkUploadHandlers: Pick<Handlers, 'createBulkUpload'> = {
  async createBulkUpload({ em, access, body, events }) {
    // The router serves this operation on location interfaces only.
    const location = access.require(access.interfaceLocation!, 'write');
    const errors = new FieldErrorCollector();
    const orderRows = body.bulk_upload.purchase_orders ?? [];
    const lookups = new PurchaseOrderLookups(em, access.organization.id, access.customFields);
    await createNamedCustomers(lookups, location, orderRows);
    recordCreatedCustomers(events, lookups);
    // Products first, so orders of the same upload may name them where the warehouse
    // requires catalog products.
    const products = await uploadProducts(em, location, body.bulk_upload.products ?? [], errors, events);
    const orders = await uploadPurchaseOrders(lookups, access, location, orderRows, errors);
    errors.throwIfAny();
    await writePurchaseOrders(lookups, orders.writes);
    recordCreatedCustomers(events, lookups);
    const purchaseOrders = await recordOrderEvents(em, access, orders.results, orders.before, events);
    return { location_name: location.name, products, purchase_orders: purchaseOrders };
  },
};
