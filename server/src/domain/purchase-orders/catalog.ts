// Product names on line items are text (no product is created), but a warehouse with
// `requireCatalogProducts` accepts only names of its own products, case-insensitively.
import type { Location } from '../../entities/location.js';
import type { FieldErrorCollector } from '../field-error-collector.js';
import type { PurchaseOrderLookups } from './lookups.js';

/**
 * Adds an error on `<path>product_name` for each item naming no product of a warehouse that
 * requires catalog products.
 */
export async function checkCatalogProducts(
  lookups: PurchaseOrderLookups,
  location: Location | null,
  items: { path: string; productName: string }[],
  errors: FieldErrorCollector,
): Promise<void> {
  if (!location?.requireCatalogProducts || items.length === 0) return;
  const isProduct = await lookups.catalogHas(
    location,
    items.map((item) => item.productName),
  );
  for (const item of items) {
    if (!isProduct(item.productName))
      errors.add(
        `${item.path}product_name`,
        `is not a product of ${location.name}, which accepts only catalog products`,
      );
  }
}
