import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { Organization } from './organization.js';
import { timestamps } from './timestamps.js';

export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: (p) => ({
    id: p.integer().primary(),
    organizationId: p.manyToOne(Organization).mapToPk(),
    locationId: p.manyToOne(Location).mapToPk(),
    name: p.text(),
    sku: p.text().nullable(),
    ...timestamps(),
  }),
});
export type Product = InferEntity<typeof Product>;
