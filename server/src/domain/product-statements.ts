// Products' writes as statements of their own, without the unit of work, as an order's are
// (DECISIONS 390): a product's row is locked and read by one statement, and written by one that
// returns it with its version, so the ETag needs no statement of its own (DECISIONS 393). A bulk
// upload's products are written the same way, many to a statement (DECISIONS 416).
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, oneRow, raw, sql } from '../sql/statements.js';
import { type WrittenProduct, writtenProductColumns, writtenProducts } from './product-rows.js';
import type { ProductChanges } from './products.js';
import { inInsertOrder, insertRowsSql } from './row-statements.js';
import { lockedRecordSql, recordSql } from './sql.js';
import { writeOrConflict } from './unique-flush.js';

/** The organization's product with this shown id; undefined when there is none. */
export async function productRow(em: EntityManager, organizationId: number, id: number) {
  return (await writtenProducts(em, recordSql('products p', writtenProductColumns, organizationId, id)))[0];
}

/** The organization's product with this shown id, locked for a write; undefined when there is none. */
export async function lockedProduct(em: EntityManager, organizationId: number, id: number) {
  return (await writtenProducts(em, lockedRecordSql('products p', writtenProductColumns, organizationId, id)))[0];
}

/** Checked changes to a locked product. */
export interface ProductUpdate {
  product: WrittenProduct;
  changes: ProductChanges;
}

/**
 * Inserts new products of a location, with their checked names and SKUs, in one statement and in
 * their order (so their ids follow it; a bulk upload inserts many, DECISIONS 416); answers them
 * as stored, in that order.
 */
export async function insertProducts(
  em: EntityManager,
  organizationId: number,
  locationId: number,
  products: ProductChanges[],
): Promise<WrittenProduct[]> {
  if (products.length === 0) return [];
  const now = new Date();
  const rows = products.map(({ name, sku }) => ({
    organization_id: organizationId,
    location_id: locationId,
    name,
    sku: sku ?? null,
    created_at: now,
    updated_at: now,
  }));
  const statement = insertRowsSql('products', 'p', rows, writtenProductColumns);
  return inInsertOrder(await writeOrConflict(writtenProducts(em, statement)));
}

/** Inserts a product with its checked name and SKU; answers it as stored. */
export async function insertProduct(
  em: EntityManager,
  organizationId: number,
  locationId: number,
  changes: ProductChanges,
): Promise<WrittenProduct> {
  return (await insertProducts(em, organizationId, locationId, [changes]))[0]!;
}

/**
 * Writes checked changes to locked products in one statement; answers each as stored, in their
 * order. Changes that hold what is stored write nothing, as an empty change set did.
 */
export async function updateProducts(
  em: EntityManager,
  organizationId: number,
  updates: ProductUpdate[],
): Promise<WrittenProduct[]> {
  const now = new Date();
  const next = updates.map(({ product, changes }) => ({
    id: product.id,
    name: changes.name ?? product.name,
    sku: changes.sku === undefined ? product.sku : changes.sku,
    updated_at: now,
  }));
  const changed = next.filter((row, i) => row.name !== updates[i]!.product.name || row.sku !== updates[i]!.product.sku);
  const written =
    changed.length === 0
      ? []
      : await writeOrConflict(
          writtenProducts(
            em,
            sql`update products p set name = v.name, sku = v.sku, updated_at = v.updated_at
              from json_populate_recordset(null::products, ${JSON.stringify(changed)}::json) as v
              where p.organization_id = ${organizationId} and p.id = v.id
              returning ${raw(writtenProductColumns)}`,
          ),
        );
  const byId = new Map(written.map((product) => [product.id, product]));
  return updates.map(({ product }) => byId.get(product.id) ?? product);
}

/** Writes checked changes to a locked product; answers it as stored. */
export async function updateProduct(
  em: EntityManager,
  organizationId: number,
  product: WrittenProduct,
  changes: ProductChanges,
): Promise<WrittenProduct> {
  return (await updateProducts(em, organizationId, [{ product, changes }]))[0]!;
}

/** How many packing lists of appointments in these states name the product (row id). */
export async function packingListsNaming(
  em: EntityManager,
  organizationId: number,
  productId: number,
  states: readonly string[],
): Promise<number> {
  const { count } = await oneRow<{ count: string }>(
    em,
    sql`select count(*) from packing_lists p join appointments a on a.id = p.appointment_id
      where p.organization_id = ${organizationId} and p.product_id = ${productId} and a.state = any(${states}::text[])`,
  );
  return Number(count);
}

/** Deletes a product by id (its checks made). */
export async function deleteProduct(em: EntityManager, organizationId: number, id: number): Promise<void> {
  await affectedRows(em, sql`delete from products where organization_id = ${organizationId} and id = ${id}`);
}
