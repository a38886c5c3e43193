// Bulk uploads (section 4.8; DECISIONS 3, 38): many products and purchase orders in one
// request on a location interface, all or nothing. Each row runs in its own savepoint so
// that every failing row is reported, not just the first; any failure rolls the whole
// upload back (the router runs the request in one transaction). Rows are written in the
// order of their keys, new customers first and sorted too, so that concurrent uploads take
// their locks in one order and wait for each other instead of deadlocking (DECISIONS 66).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import type { Access } from '../domain/access.js';
import { BadInput, Invalid } from '../domain/errors.js';
import { FieldErrorCollector } from '../domain/field-error-collector.js';
import { applyProductInput, findProductBySku } from '../domain/products.js';
import { CustomerNames, createCustomers } from '../domain/purchase-orders/customers.js';
import { upsertPurchaseOrder } from '../domain/purchase-orders/write.js';
import { trimToNull } from '../domain/text.js';
import { flushOrConflict } from '../domain/unique-flush.js';
import type { Location } from '../entities/location.js';
import { Product } from '../entities/product.js';
import type { Handlers } from '../http/handler.js';

type Row = components['schemas']['BulkUploadRow'];

/**
 * Runs one row in a savepoint. A rule broken (Invalid) or a value the row cannot use
 * (BadInput) is recorded under the row's path; anything else, such as missing access, stops
 * the upload.
 */
async function applyRow(
  em: EntityManager,
  path: string,
  errors: FieldErrorCollector,
  work: (tx: EntityManager) => Promise<Row>,
): Promise<Row | undefined> {
  try {
    // A fresh unit of work per row: otherwise each row's flush re-checks every entity the rows
    // before it loaded, and an upload of 2,000 rows takes minutes instead of seconds.
    return await em.transactional(work, { clear: true });
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

const byRow = (a: Row, b: Row) => a.row - b.row;

async function uploadProducts(
  em: EntityManager,
  location: Location,
  rows: components['schemas']['BulkProductRow'][],
  errors: FieldErrorCollector,
) {
  const sequence = rowsInKeyOrder(
    rows,
    (row) => row.sku.trim().toLowerCase(),
    (i) => `products[${i}].sku`,
    errors,
  );
  const results: Row[] = [];
  for (const index of sequence) {
    const row = rows[index]!;
    const result = await applyRow(em, `products[${index}]`, errors, async (tx) => {
      const existing = await findProductBySku(tx, location.id, row.sku);
      const product =
        existing ??
        (tx.create(Product, {
          organizationId: location.organizationId,
          locationId: location.id,
          name: '',
          sku: null,
        } as never) as Product);
      await applyProductInput(tx, product, row, { creating: !existing, requireSku: true });
      await flushOrConflict(tx);
      return { row: index, id: product.id, action: existing ? 'updated' : 'created' };
    });
    if (result) results.push(result);
  }
  return results.sort(byRow);
}

async function uploadPurchaseOrders(
  em: EntityManager,
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
  const results: Row[] = [];
  for (const index of sequence) {
    const row = rows[index]!;
    const result = await applyRow(em, `purchase_orders[${index}]`, errors, async (tx) => {
      // Items replace the order's items, so the same upload can be applied again (DECISIONS 38).
      const { order, action } = await upsertPurchaseOrder(tx, access, row, {
        urlLocation: location,
        replaceItems: true,
      });
      return { row: index, id: order.id, action };
    });
    if (result) results.push(result);
  }
  return results.sort(byRow);
}

/** Creates, in name order, the customers the upload's items name that do not exist yet, before any row. */
async function createNamedCustomers(
  em: EntityManager,
  location: Location,
  rows: components['schemas']['BulkPurchaseOrderRow'][],
) {
  const names = rows.flatMap((row) =>
    (row.purchase_order_items ?? []).flatMap((item) => trimToNull(item.customer_name) ?? []),
  );
  const known = await CustomerNames.lookUp(em, location.organizationId, location, names);
  const missing = names.flatMap((name) => {
    const choice = known.choose(name);
    return 'create' in choice ? [choice.create] : [];
  });
  await createCustomers(em, location.organizationId, location, missing);
}

export const bulkUploadHandlers: Pick<Handlers, 'createBulkUpload'> = {
  async createBulkUpload({ em, access, body }) {
    // The router serves this operation on location interfaces only.
    const location = access.require(access.interfaceLocation!, 'write');
    const errors = new FieldErrorCollector();
    const orderRows = body.bulk_upload.purchase_orders ?? [];
    await createNamedCustomers(em, location, orderRows);
    // Products first, so orders of the same upload may name them where the warehouse
    // requires catalog products.
    const products = await uploadProducts(em, location, body.bulk_upload.products ?? [], errors);
    const purchaseOrders = await uploadPurchaseOrders(em, access, location, orderRows, errors);
    errors.throwIfAny();
    return { location_name: location.name, products, purchase_orders: purchaseOrders };
  },
};
