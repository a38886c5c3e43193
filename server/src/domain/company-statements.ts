// A company's writes through the API as statements of their own, without the unit of work, as
// a product's are (DECISIONS 393, 394): its row is locked and read by one statement, and written
// by one that returns it with its version, so the ETag needs no statement of its own.
import type { EntityManager } from '@mikro-orm/postgresql';
import { affectedRows, join, oneRow, raw, sql } from '../sql/statements.js';
import { type CompanyValues, companyColumns } from './companies.js';
import { type WrittenCompany, writtenCompanies, writtenCompanyColumns } from './company-rows.js';
import { inInsertOrder, insertRowsSql } from './row-statements.js';
import { lockedRecordSql, recordSql } from './sql.js';
import { writeOrConflict } from './unique-flush.js';

const properties = Object.keys(companyColumns) as (keyof CompanyValues)[];

/** The organization's company with this shown id; undefined when there is none. */
export async function companyRow(em: EntityManager, organizationId: number, id: number) {
  return (await writtenCompanies(em, recordSql('companies c', writtenCompanyColumns, organizationId, id)))[0];
}

/** The organization's company with this shown id, locked for a write; undefined when there is none. */
export async function lockedCompany(em: EntityManager, organizationId: number, id: number) {
  return (await writtenCompanies(em, lockedRecordSql('companies c', writtenCompanyColumns, organizationId, id)))[0];
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
  const rows = companies.map((values) => {
    const row: Record<string, unknown> = { organization_id: organizationId };
    for (const property of properties) row[companyColumns[property]] = values[property] ?? null;
    return { ...row, created_at: now, updated_at: now };
  });
  const statement = insertRowsSql('companies', 'c', rows, writtenCompanyColumns);
  return inInsertOrder(await writeOrConflict(writtenCompanies(em, statement)));
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
  const assignments = properties.map((property) => sql`${raw(companyColumns[property])} = ${values[property] ?? null}`);
  const [updated] = await writeOrConflict(
    writtenCompanies(
      em,
      sql`update companies c set ${join(assignments, ', ')}, updated_at = ${new Date()}
        where c.organization_id = ${organizationId} and c.id = ${company.id} returning ${raw(writtenCompanyColumns)}`,
    ),
  );
  return updated!;
}

/** How many appointments (as carrier or customer) and purchase order items (as customer) name the company (row id). */
export async function companyReferences(
  em: EntityManager,
  organizationId: number,
  companyId: number,
): Promise<{ appointments: number; items: number }> {
  const counts = await oneRow<{ appointments: string; items: string }>(
    em,
    sql`select (select count(*) from appointments
                where organization_id = ${organizationId} and (carrier_id = ${companyId} or customer_id = ${companyId}))
                as appointments,
              (select count(*) from purchase_order_items
                where organization_id = ${organizationId} and customer_id = ${companyId}) as items`,
  );
  return { appointments: Number(counts.appointments), items: Number(counts.items) };
}

/** Deletes a company by id (its checks made). */
export async function deleteCompany(em: EntityManager, organizationId: number, id: number): Promise<void> {
  await affectedRows(em, sql`delete from companies where organization_id = ${organizationId} and id = ${id}`);
}
