import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { tenantKeys } from './tenant-keys.js';
import { TextArrayType } from './text-array.js';
import { timestamps } from './timestamps.js';

/** A warehouse, with the settings that shape purchase orders assigned to it. */
export const Location = defineEntity({
  name: 'Location',
  tableName: 'locations',
  properties: (p) => ({
    ...tenantKeys(),
    name: p.text(),
    subdomain: p.text().unique(),
    timeZone: p.text(),
    paid: p.boolean(),
    requireCatalogProducts: p.boolean(),
    requiredPoFields: p.array().type(new TextArrayType()),
    allowCustomerCreation: p.boolean(),
    newCustomerAutoApprove: p.boolean(),
    newCustomerCanCreateCarriers: p.boolean(),
    ...timestamps(),
  }),
});
export type Location = InferEntity<typeof Location>;
