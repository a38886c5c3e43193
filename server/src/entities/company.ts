import { defineEntity, type InferEntity } from '@mikro-orm/core';
import { specEnum } from '@warehouse-kit/spec/enums';
import { recordKeys } from './tenant-keys.js';
import { timestamps } from './timestamps.js';

export const companyTypes = specEnum('CompanyType');
export type CompanyType = (typeof companyTypes)[number];

/** A customer or carrier, shared by every warehouse of the organization. */
export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: (p) => ({
    ...recordKeys(),
    name: p.text(),
    companyType: p.enum(companyTypes),
    companyNumber: p.text().nullable(),
    contactName: p.text().nullable(),
    contactEmail: p.text().nullable(),
    contactPhone: p.text().nullable(),
    addressLine1: p.text().nullable(),
    addressLine2: p.text().nullable(),
    city: p.text().nullable(),
    region: p.text().nullable(),
    postalCode: p.text().nullable(),
    country: p.text().nullable(),
    autoApproveAppointments: p.boolean(),
    canCreateCarriers: p.boolean(),
    /** The record's version (DECISIONS 119), read with the row and never written: triggers keep it. */
    version: p.string().formula((alias) => `${alias}.version`),
    ...timestamps(),
  }),
});
export type Company = InferEntity<typeof Company>;
