import { defineEntity } from '@mikro-orm/core';
import { Organization } from './organization.js';

const p = defineEntity.properties;

/** Every tenant row carries its organization, and every query is scoped by it. */
export const tenantKeys = () => ({
  id: p.integer().primary(),
  organizationId: p.manyToOne(Organization).mapToPk(),
});

/**
 * A record the API shows by id: its row's key, `id`, which nothing outside the server sees, and
 * `publicId`, the id the API shows, counted per organization (DECISIONS 440). The database gives
 * it on insert (a trigger reads the organization's sequence), so the ORM never writes it, asks
 * for it in the insert's `returning` (of one row: `returning`; of many: `generated`), and never
 * changes it.
 */
export const recordKeys = () => ({
  ...tenantKeys(),
  publicId: p.integer().generated('by the trigger on insert').returning(),
});
