// A company's rules, shared by the API and provisioning.
import { sql } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import { Company, type CompanyType } from '../entities/company.js';
import { FieldErrorCollector } from './field-error-collector.js';
import { trimToNull } from './text.js';

type CompanyFields = components['schemas']['CompanyFields'];

const optionalText = {
  company_number: 'companyNumber',
  contact_name: 'contactName',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  address_line1: 'addressLine1',
  address_line2: 'addressLine2',
  city: 'city',
  region: 'region',
  postal_code: 'postalCode',
  country: 'country',
} as const satisfies Partial<Record<keyof CompanyFields, keyof Company>>;

/** Matching is case-insensitive and per type (DECISIONS 25). */
export function findCompanyNamed(
  em: EntityManager,
  organizationId: number,
  companyType: CompanyType,
  name: string,
): Promise<Company | null> {
  return em.findOne(Company, { organizationId, companyType, [sql.lower('name')]: name.trim().toLowerCase() });
}

/** New companies are not trusted by default, like those created from unassigned orders. */
export function newCompany(em: EntityManager, organizationId: number, companyType: CompanyType): Company {
  return em.create(Company, {
    organizationId,
    name: '',
    companyType,
    autoApproveAppointments: false,
    canCreateCarriers: false,
  } as never) as Company;
}

export async function applyCompanyInput(em: EntityManager, company: Company, input: CompanyFields): Promise<void> {
  const errors = new FieldErrorCollector();
  if (input.name !== undefined || !company.name) {
    const name = trimToNull(input.name);
    if (!name) errors.add('name', "can't be blank");
    else company.name = name;
  }
  if (input.company_type !== undefined) company.companyType = input.company_type;
  for (const field of Object.keys(optionalText) as (keyof typeof optionalText)[]) {
    if (input[field] !== undefined) company[optionalText[field]] = trimToNull(input[field]);
  }
  if (input.auto_approve_appointments !== undefined) company.autoApproveAppointments = input.auto_approve_appointments;
  if (input.can_create_carriers !== undefined) company.canCreateCarriers = input.can_create_carriers;

  if (company.name) {
    const clash = await findCompanyNamed(em, company.organizationId, company.companyType, company.name);
    if (clash && clash !== company) errors.add('name', `has already been taken by another ${company.companyType}`);
  }
  errors.throwIfAny();
}
