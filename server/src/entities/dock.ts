import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { tenantKeys } from './tenant-keys.js';

export const Dock = defineEntity({
  name: 'Dock',
  tableName: 'docks',
  properties: (p) => ({
    ...tenantKeys(),
    locationId: p.manyToOne(Location).mapToPk(),
    name: p.text(),
  }),
});
export type Dock = InferEntity<typeof Dock>;
