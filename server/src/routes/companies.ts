// Companies (section 4.4): organization-wide customers and carriers. Authorization is admin
// membership in the organization (checked for every request); a location in the request
// applies its own permissions without narrowing the companies.
import type { Access, Need } from '../domain/access.js';
import { applyCompanyInput, newCompany } from '../domain/companies.js';
import { companyPage } from '../domain/company-rows.js';
import { Invalid } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { findOwned } from '../domain/tenant-lookup.js';
import { flushOrConflict } from '../domain/unique-flush.js';
import { Company } from '../entities/company.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import { renderCompany } from '../render/company.js';

/** A location named in the request applies its permissions (403), nothing more. */
function applyLocationPermission(access: Access, locationName: string | undefined, need: Need): void {
  const location = access.urlLocation(locationName);
  if (location) access.require(location, need);
}

async function updateCompany(input: HandlerInput<'updateCompany'> | HandlerInput<'putCompany'>) {
  const { em, access, path, query, body, events } = input;
  applyLocationPermission(access, query.location_name, 'write');
  const company = await findOwned(em, Company, access.organization.id, path.id, 'company');
  const before = renderCompany(company);
  await applyCompanyInput(em, company, body.company);
  await flushOrConflict(em);
  const after = renderCompany(company);
  events.recordUpdate('company', access.organization.id, null, before, after);
  return after;
}

export const companyHandlers: Pick<
  Handlers,
  'listCompanies' | 'createCompany' | 'getCompany' | 'updateCompany' | 'putCompany' | 'deleteCompany'
> = {
  async listCompanies({ em, access, query, ctx }) {
    applyLocationPermission(access, query.location_name, 'read');
    const page = pageRequest(query);
    const { rows: companies, total } = await companyPage(
      em,
      {
        organizationId: access.organization.id,
        name: query.name,
        companyType: query.company_type,
        companyNumber: query.company_number,
      },
      page,
    );
    setPaginationHeaders(ctx, page, total);
    return companies.map(renderCompany);
  },

  async createCompany({ em, access, query, body, events }) {
    applyLocationPermission(access, query.location_name, 'write');
    const company = newCompany(em, access.organization.id, body.company.company_type);
    await applyCompanyInput(em, company, body.company);
    await flushOrConflict(em);
    const rendered = renderCompany(company);
    events.record({
      kind: 'company',
      organizationId: access.organization.id,
      after: { object: rendered, location: null },
    });
    return rendered;
  },

  async getCompany({ em, access, path, query, ctx }) {
    applyLocationPermission(access, query.location_name, 'read');
    const company = await findOwned(em, Company, access.organization.id, path.id, 'company');
    readVersion(ctx, company.version);
    return renderCompany(company);
  },

  updateCompany,
  putCompany: updateCompany,

  async deleteCompany({ em, access, path, query, events }) {
    applyLocationPermission(access, query.location_name, 'write');
    const company = await findOwned(em, Company, access.organization.id, path.id, 'company');
    const [{ appointments, items }] = await em.execute<[{ appointments: string; items: string }]>(
      `select (select count(*) from appointments
                where organization_id = ? and (carrier_id = ? or customer_id = ?)) as appointments,
              (select count(*) from purchase_order_items where organization_id = ? and customer_id = ?) as items`,
      [access.organization.id, company.id, company.id, access.organization.id, company.id],
    );
    if (Number(appointments) + Number(items) > 0) {
      const references = `${appointments} appointment(s) and ${items} purchase order item(s)`;
      throw Invalid.field('base', `company is referenced by ${references}`);
    }
    const before = renderCompany(company);
    await em.remove(company).flush();
    events.record({
      kind: 'company',
      organizationId: access.organization.id,
      before: { object: before, location: null },
    });
    return null;
  },
};
