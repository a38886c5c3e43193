import type { components } from '@warehouse-kit/spec';
import type { ProductFields } from '../domain/row-shapes.js';
import type { Location } from '../entities/location.js';
import { renderTime } from './time.js';

export function renderProduct(product: ProductFields, location: Location): components['schemas']['Product'] {
  return {
    id: product.publicId,
    name: product.name,
    sku: product.sku ?? null,
    location_name: location.name,
    created_at: renderTime(product.createdAt, location.timeZone),
    updated_at: renderTime(product.updatedAt, location.timeZone),
  };
}
