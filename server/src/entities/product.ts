import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { recordKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: (p) => ({
    ...recordKeys(),
    locationId: p.manyToOne(Location).mapToPk(),
    name: p.text(),
    sku: p.text().nullable(),
    /** The record's version (DECISIONS 119), read with the row and never written: triggers keep it. */
    version: p.string().formula((alias) => `${alias}.version`),
    ...timestamps(),
  }),
});
export type Product = InferEntity<typeof Product>;
