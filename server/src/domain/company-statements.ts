// A company's writes through the API as statements of their own, without the unit of work, as
// a product's are (DECISIONS 393, 394): its row is locked and read by one statement, and written
// by one that returns it with its version, so the ETag needs no statement of its own.
import type { EntityManager } from '@mikro-orm/postgresql';
import { Company } from '../entities/company.js';
import { type CompanyValues, companyColumns } from './companies.js';
import { type WrittenCompany, writtenCompanies, writtenCompanyColumns } from './company-rows.js';
import { lockedRecordSql } from './sql.js';
import { writeOrConflict } from './unique-flush.js';

const properties = Object.keys(companyColumns) as (keyof CompanyValues)[];
const valuesOf = (values: CompanyValues) => properties.map((property) => values[property] ?? null);

/** The organization's company with this id, locked for a write; undefined when there is none. */
export async function lockedCompany(em: EntityManager, organizationId: number, id: number) {
  return (await writtenCompanies(em, lockedRecordSql('companies c', writtenCompanyColumns), [organizationId, id]))[0];
}

/** Inserts a company with its checked values; answers it as stored. */
export async function insertCompany(
  em: EntityManager,
  organizationId: number,
  values: CompanyValues,
): Promise<WrittenCompany> {
  const now = new Date();
  const columns = properties.map((property) => companyColumns[property]);
  const [company] = await writeOrConflict(
    writtenCompanies(
      em,
      `insert into companies as c (organization_id, ${columns.join(', ')}, created_at, updated_at)
        values (?, ${columns.map(() => '?').join(', ')}, ?, ?) returning ${writtenCompanyColumns}`,
      [organizationId, ...valuesOf(values), now, now],
    ),
  );
  return company!;
}

/**
 * Writes checked values to a locked company; answers it as stored. Values that hold what is
 * stored write nothing, as an empty change set did.
 */
export async function updateCompany(
  em: EntityManager,
  organizationId: number,
  company: WrittenCompany,
  values: CompanyValues,
): Promise<WrittenCompany> {
  if (properties.every((property) => (company[property] ?? null) === (values[property] ?? null))) return company;
  const [updated] = await writeOrConflict(
    writtenCompanies(
      em,
      `update companies c set ${properties.map((property) => `${companyColumns[property]} = ?`).join(', ')},
        updated_at = ? where c.organization_id = ? and c.id = ? returning ${writtenCompanyColumns}`,
      [...valuesOf(values), new Date(), organizationId, company.id],
    ),
  );
  return updated!;
}

/** Deletes a company by id (its checks made). */
export async function deleteCompany(em: EntityManager, organizationId: number, id: number): Promise<void> {
  await em.nativeDelete(Company, { organizationId, id });
}
