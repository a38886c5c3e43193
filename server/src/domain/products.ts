// A catalog product's rules, shared by the API and provisioning.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Product } from '../entities/product.js';
import { raw, sql } from '../sql/statements.js';
import { FieldErrorCollector } from './field-error-collector.js';
import { type WrittenProduct, writtenProductColumns, writtenProducts } from './product-rows.js';
import { trimToNull } from './text.js';

export interface ProductInput {
  name?: string;
  sku?: string | null;
}

/** SKUs are unique within a location, trimmed and case-insensitively. */
export const skuKey = (sku: string) => sku.trim().toLowerCase();

/**
 * The location's products with these SKUs, by skuKey, in one statement. With `lock`, they are
 * locked in id order, so that concurrent writers take their locks alike (DECISIONS 66).
 */
export async function findProductsBySku(
  em: EntityManager,
  organizationId: number,
  locationId: number,
  skus: string[],
  { lock = false } = {},
): Promise<Map<string, WrittenProduct>> {
  const keys = [...new Set(skus.map(skuKey))];
  const found = keys.length
    ? await writtenProducts(
        em,
        sql`select ${raw(writtenProductColumns)} from products p
          where organization_id = ${organizationId} and location_id = ${locationId} and lower(sku) = any(${keys}::text[])
          order by id${raw(lock ? ' for update' : '')}`,
      )
    : [];
  return new Map(found.map((product) => [skuKey(product.sku!), product]));
}

export async function findProductBySku(
  em: EntityManager,
  organizationId: number,
  locationId: number,
  sku: string,
): Promise<WrittenProduct | null> {
  return (await findProductsBySku(em, organizationId, locationId, [sku])).get(skuKey(sku)) ?? null;
}

export interface ProductInputOptions {
  creating: boolean;
  requireSku: boolean;
  /** The product holding the SKU, when the caller has looked it up already (a bulk upload does, for all its rows at once). */
  skuHolder?: Pick<Product, 'id'> | null;
}

/** The name and SKU a write sets; a key left out keeps the stored value. */
export type ProductChanges = Partial<Pick<Product, 'name' | 'sku'>>;

/**
 * Checks name and SKU changes to `product` (a new one has no id yet): the name must not be
 * blank; the SKU is unique within the location, case-insensitively, and required where
 * `requireSku` says so (the location interface). One Invalid lists every problem, before
 * anything changes; the answer is the changes to make.
 */
export async function plannedProductChanges(
  em: EntityManager,
  organizationId: number,
  product: Pick<Product, 'locationId'> & { id?: number },
  input: ProductInput,
  options: ProductInputOptions,
): Promise<ProductChanges> {
  const errors = new FieldErrorCollector();
  const changes: ProductChanges = {};
  if (input.name !== undefined || options.creating) {
    const name = trimToNull(input.name);
    if (!name) errors.add('name', "can't be blank");
    else changes.name = name;
  }
  if (input.sku !== undefined || options.creating) {
    const sku = trimToNull(input.sku);
    const holder =
      sku && options.skuHolder === undefined
        ? await findProductBySku(em, organizationId, product.locationId, sku)
        : options.skuHolder;
    if (!sku && options.requireSku) errors.add('sku', "can't be blank (the location interface requires a SKU)");
    else if (sku && holder && holder.id !== product.id) errors.add('sku', 'has already been taken');
    else changes.sku = sku;
  }
  errors.throwIfAny();
  return changes;
}
