import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { Product } from './product.js';
import { recordKeys, tenantKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

/** How much of a product a warehouse receives per date, in a recurring local time window. */
export const ProductLimit = defineEntity({
  name: 'ProductLimit',
  tableName: 'product_limits',
  properties: (p) => ({
    ...recordKeys(),
    locationId: p.manyToOne(Location).mapToPk(),
    productId: p.manyToOne(Product).mapToPk(),
    quantity: p.integer(),
    /** Local wall-clock `HH:MM:SS`. */
    startTime: p.time(),
    endTime: p.time(),
    daysOfWeek: p.array<number>((value) => Number(value)),
    /** Local calendar date `YYYY-MM-DD`. */
    startDate: p.date(),
    endDate: p.date().nullable(),
    enabled: p.boolean(),
    ...timestamps(),
  }),
});
export type ProductLimit = InferEntity<typeof ProductLimit>;

export const ProductLimitOverride = defineEntity({
  name: 'ProductLimitOverride',
  tableName: 'product_limit_overrides',
  properties: (p) => ({
    ...tenantKeys(),
    productLimitId: p.manyToOne(ProductLimit).mapToPk(),
    date: p.date(),
    quantity: p.integer(),
    startTime: p.time().nullable(),
    endTime: p.time().nullable(),
  }),
});
export type ProductLimitOverride = InferEntity<typeof ProductLimitOverride>;
