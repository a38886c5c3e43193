import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { timestamps } from './timestamps.js';

export const Organization = defineEntity({
  name: 'Organization',
  tableName: 'organizations',
  properties: (p) => ({
    id: p.integer().primary(),
    name: p.text(),
    subdomain: p.text().unique(),
    ...timestamps(),
  }),
});
export type Organization = InferEntity<typeof Organization>;
