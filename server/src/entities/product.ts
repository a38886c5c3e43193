import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { tenantKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: (p) => ({
    ...tenantKeys(),
    locationId: p.manyToOne(Location).mapToPk(),
    name: p.text(),
    sku: p.text().nullable(),
    ...timestamps(),
  }),
});
export type Product = InferEntity<typeof Product>;
