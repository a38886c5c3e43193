// A company's rules, shared by the API and provisioning.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { components } from '@warehouse-kit/spec';
import { Company, type CompanyType } from '../entities/company.js';
import { rows, sql } from '../sql/statements.js';
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

/** Which company a name matches, and whether it approves its appointments itself. */
type NameMatch = Pick<Company, 'id' | 'autoApproveAppointments'>;

/**
 * The organization's company of this type and name, matched case-insensitively (DECISIONS 25),
 * as a row: writes plan from it without loading it into the unit of work (issue 34).
 */
export async function findCompanyNamed(
  em: EntityManager,
  organizationId: number,
  companyType: CompanyType,
  name: string,
): Promise<NameMatch | null> {
  const [found] = await rows<NameMatch>(
    em,
    sql`select c.id, c.auto_approve_appointments as "autoApproveAppointments" from companies c
      where c.organization_id = ${organizationId} and c.company_type = ${companyType}
        and lower(c.name) = ${name.trim().toLowerCase()}`,
  );
  return found ?? null;
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

/** What a write sets of a company: every column but its keys, version and times. */
export type CompanyValues = Pick<
  Company,
  | 'name'
  | 'companyType'
  | 'autoApproveAppointments'
  | 'canCreateCarriers'
  | (typeof optionalText)[keyof typeof optionalText]
>;

/** The columns of CompanyValues, by property. */
export const companyColumns: Record<keyof CompanyValues, string> = {
  name: 'name',
  companyType: 'company_type',
  companyNumber: 'company_number',
  contactName: 'contact_name',
  contactEmail: 'contact_email',
  contactPhone: 'contact_phone',
  addressLine1: 'address_line1',
  addressLine2: 'address_line2',
  city: 'city',
  region: 'region',
  postalCode: 'postal_code',
  country: 'country',
  autoApproveAppointments: 'auto_approve_appointments',
  canCreateCarriers: 'can_create_carriers',
};

/** What a new company holds before its input: not trusted by default, like those created from unassigned orders. */
export function newCompanyValues(companyType: CompanyType): CompanyValues {
  const values = { name: '', companyType, autoApproveAppointments: false, canCreateCarriers: false } as CompanyValues;
  for (const property of Object.values(optionalText)) values[property] = null;
  return values;
}

/**
 * The values of `company` (a new one has no id) once `input` is applied: the name must not be
 * blank nor another company's of the same type (DECISIONS 25). One Invalid lists every problem,
 * before anything changes.
 */
export async function plannedCompany(
  em: EntityManager,
  organizationId: number,
  company: CompanyValues & { id?: number },
  input: CompanyFields,
): Promise<CompanyValues> {
  const errors = new FieldErrorCollector();
  const planned = Object.fromEntries(
    Object.keys(companyColumns).map((property) => [property, company[property as keyof CompanyValues]]),
  ) as CompanyValues;
  if (input.name !== undefined || !planned.name) {
    const name = trimToNull(input.name);
    if (!name) errors.add('name', "can't be blank");
    else planned.name = name;
  }
  if (input.company_type !== undefined) planned.companyType = input.company_type;
  for (const field of Object.keys(optionalText) as (keyof typeof optionalText)[]) {
    if (input[field] !== undefined) planned[optionalText[field]] = trimToNull(input[field]);
  }
  if (input.auto_approve_appointments !== undefined) planned.autoApproveAppointments = input.auto_approve_appointments;
  if (input.can_create_carriers !== undefined) planned.canCreateCarriers = input.can_create_carriers;

  if (planned.name) {
    const clash = await findCompanyNamed(em, organizationId, planned.companyType, planned.name);
    if (clash && clash.id !== company.id)
      errors.add('name', `has already been taken by another ${planned.companyType}`);
  }
  errors.throwIfAny();
  return planned;
}

/** Applies `input`, checked by plannedCompany, to a company of the unit of work (provisioning). */
export async function applyCompanyInput(em: EntityManager, company: Company, input: CompanyFields): Promise<void> {
  Object.assign(company, await plannedCompany(em, company.organizationId, company, input));
}
