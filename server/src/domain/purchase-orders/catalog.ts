// Product names on line items are text (no product is created), but a warehouse with
// `requireCatalogProducts` accepts only names of its own products, case-insensitively.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../../entities/location.js';
import { Product } from '../../entities/product.js';
import type { FieldErrorCollector } from '../field-error-collector.js';

const keyOf = (name: string) => name.trim().toLowerCase();

/**
 * Adds an error on `<path>product_name` for each item naming no product of a warehouse that
 * requires catalog products.
 */
export async function checkCatalogProducts(
  em: EntityManager,
  location: Location | null,
  items: { path: string; productName: string }[],
  errors: FieldErrorCollector,
): Promise<void> {
  if (!location?.requireCatalogProducts || items.length === 0) return;
  const keys = [...new Set(items.map((item) => keyOf(item.productName)))];
  const products = await em.find(Product, { locationId: location.id, [sql.lower('name')]: { $in: keys } });
  const known = new Set(products.map((product) => keyOf(product.name)));
  for (const item of items) {
    if (!known.has(keyOf(item.productName)))
      errors.add(
        `${item.path}product_name`,
        `is not a product of ${location.name}, which accepts only catalog products`,
      );
  }
}
