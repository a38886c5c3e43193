// A catalog product's rules, shared by the API and provisioning.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Product } from '../entities/product.js';
import { FieldErrorCollector } from './field-error-collector.js';
import { trimToNull } from './text.js';

export interface ProductInput {
  name?: string;
  sku?: string | null;
}

export async function findProductBySku(em: EntityManager, locationId: number, sku: string): Promise<Product | null> {
  return em.findOne(Product, { locationId, [sql.lower('sku')]: sku.toLowerCase() });
}

/**
 * Applies name and SKU changes: the name must not be blank; the SKU is unique within the
 * location, case-insensitively, and required where `requireSku` says so (the location
 * interface). One Invalid lists every problem.
 */
export async function applyProductInput(
  em: EntityManager,
  product: Product,
  input: ProductInput,
  options: { creating: boolean; requireSku: boolean },
) {
  const errors = new FieldErrorCollector();
  if (input.name !== undefined || options.creating) {
    const name = trimToNull(input.name);
    if (!name) errors.add('name', "can't be blank");
    else product.name = name;
  }
  if (input.sku !== undefined || options.creating) {
    const sku = trimToNull(input.sku);
    const clash = sku ? await findProductBySku(em, product.locationId, sku) : null;
    if (!sku && options.requireSku) errors.add('sku', "can't be blank (the location interface requires a SKU)");
    else if (clash && clash !== product) errors.add('sku', 'has already been taken');
    else product.sku = sku;
  }
  errors.throwIfAny();
}
