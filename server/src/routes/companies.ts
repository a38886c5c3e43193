// Companies (section 4.4): organization-wide customers and carriers. Authorization is admin
// membership in the organization (checked for every request); a location in the request
// applies its own permissions without narrowing the companies.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access, Need } from '../domain/access.js';
import { newCompanyValues, plannedCompany } from '../domain/companies.js';
import { companyPage } from '../domain/company-rows.js';
import {
  companyReferences,
  companyRow,
  deleteCompany,
  insertCompany,
  lockedCompany,
  updateCompany,
} from '../domain/company-statements.js';
import { Invalid } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { foundById } from '../domain/tenant-lookup.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import { renderCompany } from '../render/company.js';

/** A location named in the request applies its permissions (403), nothing more. */
function applyLocationPermission(access: Access, locationName: string | undefined, need: Need): void {
  const location = access.urlLocation(locationName);
  if (location) access.require(location, need);
}

/** Locks an organization's company for a write, and reads it (404 when there is none). */
async function lockCompany(em: EntityManager, access: Access, id: number) {
  const company = await foundById(id, 'company', (found) => lockedCompany(em, access.organization.id, found));
  return company;
}

async function changeCompany(input: HandlerInput<'updateCompany'> | HandlerInput<'putCompany'>) {
  const { em, access, path, query, body, events, ctx } = input;
  applyLocationPermission(access, query.location_name, 'write');
  const company = await lockCompany(em, access, path.id);
  const values = await plannedCompany(em, access.organization.id, company, body.company);
  const updated = await updateCompany(em, access.organization.id, company, values);
  readVersion(ctx, updated.version);
  const after = renderCompany(updated);
  events.recordUpdate('company', access.organization.id, null, renderCompany(company), after);
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

  async createCompany({ em, access, query, body, events, ctx }) {
    applyLocationPermission(access, query.location_name, 'write');
    const values = await plannedCompany(
      em,
      access.organization.id,
      newCompanyValues(body.company.company_type),
      body.company,
    );
    const company = await insertCompany(em, access.organization.id, values);
    readVersion(ctx, company.version);
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
    const company = await foundById(path.id, 'company', (found) => companyRow(em, access.organization.id, found));
    readVersion(ctx, company.version);
    return renderCompany(company);
  },

  updateCompany: changeCompany,
  putCompany: changeCompany,

  async deleteCompany({ em, access, path, query, events }) {
    applyLocationPermission(access, query.location_name, 'write');
    const company = await lockCompany(em, access, path.id);
    const { appointments, items } = await companyReferences(em, access.organization.id, company.id);
    if (appointments + items > 0) {
      const references = `${appointments} appointment(s) and ${items} purchase order item(s)`;
      throw Invalid.field('base', `company is referenced by ${references}`);
    }
    await deleteCompany(em, access.organization.id, company.id);
    events.record({
      kind: 'company',
      organizationId: access.organization.id,
      before: { object: renderCompany(company), location: null },
    });
    return null;
  },
};
