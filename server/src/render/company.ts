import type { components } from '@warehouse-kit/spec';
import type { CompanyFields } from '../domain/row-shapes.js';
import { UTC } from '../domain/time.js';
import { renderTime } from './time.js';

/** Companies belong to no warehouse, so their times are UTC (DECISIONS 24). */
export function renderCompany(company: CompanyFields): components['schemas']['Company'] {
  return {
    id: company.publicId,
    name: company.name,
    company_type: company.companyType,
    company_number: company.companyNumber ?? null,
    contact_name: company.contactName ?? null,
    contact_email: company.contactEmail ?? null,
    contact_phone: company.contactPhone ?? null,
    address_line1: company.addressLine1 ?? null,
    address_line2: company.addressLine2 ?? null,
    city: company.city ?? null,
    region: company.region ?? null,
    postal_code: company.postalCode ?? null,
    country: company.country ?? null,
    auto_approve_appointments: company.autoApproveAppointments,
    can_create_carriers: company.canCreateCarriers,
    created_at: renderTime(company.createdAt, UTC),
    updated_at: renderTime(company.updatedAt, UTC),
  };
}
