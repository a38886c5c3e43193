// A product's writes through the API as statements of their own, without the unit of work, as
// an order's are (DECISIONS 390): its row is locked and read by one statement, and written by
// one that returns it with its version, so the ETag needs no statement of its own (DECISIONS 393).
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from '../entities/product.js';
import { type WrittenProduct, writtenProductColumns, writtenProducts } from './product-rows.js';
import type { ProductChanges } from './products.js';
import { lockedRecordSql } from './sql.js';
import { writeOrConflict } from './unique-flush.js';

/** The organization's product with this id, locked for a write; undefined when there is none. */
export async function lockedProduct(em: EntityManager, organizationId: number, id: number) {
  return (await writtenProducts(em, lockedRecordSql('products', writtenProductColumns), [organizationId, id]))[0];
}

/** Inserts a product with its checked name and SKU; answers it as stored. */
export async function insertProduct(
  em: EntityManager,
  organizationId: number,
  locationId: number,
  { name, sku }: ProductChanges,
): Promise<WrittenProduct> {
  const now = new Date();
  const [product] = await writeOrConflict(
    writtenProducts(
      em,
      `insert into products (organization_id, location_id, name, sku, created_at, updated_at)
        values (?, ?, ?, ?, ?, ?) returning ${writtenProductColumns}`,
      [organizationId, locationId, name!, sku ?? null, now, now],
    ),
  );
  return product!;
}

/**
 * Writes checked changes to a locked product; answers it as stored. Changes that hold what is
 * stored write nothing, as an empty change set did.
 */
export async function updateProduct(
  em: EntityManager,
  organizationId: number,
  product: WrittenProduct,
  changes: ProductChanges,
): Promise<WrittenProduct> {
  const next = { name: changes.name ?? product.name, sku: changes.sku === undefined ? product.sku : changes.sku };
  if (next.name === product.name && next.sku === product.sku) return product;
  const [updated] = await writeOrConflict(
    writtenProducts(
      em,
      `update products set name = ?, sku = ?, updated_at = ? where organization_id = ? and id = ?
        returning ${writtenProductColumns}`,
      [next.name, next.sku ?? null, new Date(), organizationId, product.id],
    ),
  );
  return updated!;
}

/** Deletes a product by id (its checks made). */
export async function deleteProduct(em: EntityManager, organizationId: number, id: number): Promise<void> {
  await em.nativeDelete(Product, { organizationId, id });
}
