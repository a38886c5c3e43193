import { defineEntity } from '@mikro-orm/core';
import { Organization } from './organization.js';

const p = defineEntity.properties;

/** Every tenant row carries its organization, and every query is scoped by it. */
export const tenantKeys = () => ({
  id: p.integer().primary(),
  organizationId: p.manyToOne(Organization).mapToPk(),
});
