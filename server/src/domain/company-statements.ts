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

/**
 * Inserts companies with their checked values in one statement and in their order, so their ids
 * follow it (the customers an upload's items name, DECISIONS 416); answers them as stored, in
 * that order.
 */
export async function insertCompanies(
  em: EntityManager,
  organizationId: number,
  companies: CompanyValues[],
): Promise<WrittenCompany[]> {
  if (companies.length === 0) return [];
  const now = new Date();
  const columns = properties.map((property) => companyColumns[property]);
  const rows = companies.map((values) => {
    const row: Record<string, unknown> = { organization_id: organizationId, created_at: now, updated_at: now };
    for (const property of properties) row[companyColumns[property]] = values[property] ?? null;
    return row;
  });
  const written = ['organization_id', ...columns, 'created_at', 'updated_at'];
  const inserted = await writeOrConflict(
    writtenCompanies(
      em,
      `insert into companies as c (${written.join(', ')})
        select ${written.map((column) => `v.${column}`).join(', ')}
        from json_populate_recordset(null::companies, ?::json) with ordinality as v order by v.ordinality
        returning ${writtenCompanyColumns}`,
      [JSON.stringify(rows)],
    ),
  );
  // Ids follow the insert's order; `returning` promises no order of its own.
  return inserted.sort((a, b) => a.id - b.id);
}

/** Inserts a company with its checked values; answers it as stored. */
export async function insertCompany(
  em: EntityManager,
  organizationId: number,
  values: CompanyValues,
): Promise<WrittenCompany> {
  return (await insertCompanies(em, organizationId, [values]))[0]!;
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
