import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { Location } from './location.js';
import { Organization } from './organization.js';

export const Dock = defineEntity({
  name: 'Dock',
  tableName: 'docks',
  properties: (p) => ({
    id: p.integer().primary(),
    organizationId: p.manyToOne(Organization).mapToPk(),
    locationId: p.manyToOne(Location).mapToPk(),
    name: p.text(),
  }),
});
export type Dock = InferEntity<typeof Dock>;
