// A page of companies as plain rows (DECISIONS 264): one statement for the companies and their
// total, counted through the filters' indexes. No query builder, no entities.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyType } from '../entities/company.js';
import { type Sql, sql } from '../sql/statements.js';
import { countedMatchesSql, listPage, type PageRequest } from './pagination.js';
import type { CompanyFields } from './row-shapes.js';
import { narrowedSql, timeReader, type Versioned, versionedRows } from './sql.js';
import { escapeLike } from './text.js';

export interface CompanyFilter {
  organizationId: number;
  /** A prefix of the name, any case. */
  name?: string;
  companyType?: CompanyType;
  companyNumber?: string;
}

/** Columns named as the entity's properties, so a row is a company once its times are read. */
const columns = `c.id, c.public_id as "publicId", c.name, c.company_type as "companyType",
  c.company_number as "companyNumber", c.contact_name as "contactName", c.contact_email as "contactEmail",
  c.contact_phone as "contactPhone", c.address_line1 as "addressLine1", c.address_line2 as "addressLine2", c.city, c.region,
  c.postal_code as "postalCode", c.country, c.auto_approve_appointments as "autoApproveAppointments",
  c.can_create_carriers as "canCreateCarriers", c.created_at as "createdAt", c.updated_at as "updatedAt"`;

type RawRow = Omit<CompanyFields, 'createdAt' | 'updatedAt'> & {
  createdAt: string;
  updatedAt: string;
  total?: string | number | null;
};

function companyFilterSql(filter: CompanyFilter): Sql {
  return narrowedSql(sql`c.organization_id = ${filter.organizationId}`, [
    filter.name ? sql`lower(c.name) like ${`${escapeLike(filter.name.toLowerCase())}%`}` : undefined,
    filter.companyType ? sql`c.company_type = ${filter.companyType}` : undefined,
    filter.companyNumber ? sql`c.company_number = ${filter.companyNumber}` : undefined,
  ]);
}

export function companyPage(
  em: EntityManager,
  filter: CompanyFilter,
  request: PageRequest,
): Promise<{ rows: CompanyFields[]; total: number }> {
  const list = { columns, table: 'companies', alias: 'c', where: companyFilterSql(filter) };
  const read = companyReader(em);
  return listPage(em, list, countedMatchesSql(list), request, (rows: RawRow[]) => rows.map(read));
}

/** Plain rows as the ORM would give them to entities. */
function companyReader(em: EntityManager): (raw: RawRow) => CompanyFields {
  const time = timeReader(em);
  return ({ total: _total, ...raw }) => ({ ...raw, createdAt: time(raw.createdAt), updatedAt: time(raw.updatedAt) });
}

/** A company as a write reads or returns it, with its version. */
export type WrittenCompany = Versioned<CompanyFields>;

/** What a write's statement on `companies c` returns of a company, as `returning` or a select's columns. */
export const writtenCompanyColumns = `${columns}, c.version`;

/** Runs a write's statement that answers companies' writtenCompanyColumns, and reads them. */
export function writtenCompanies(em: EntityManager, statement: Sql): Promise<WrittenCompany[]> {
  return versionedRows(em, statement, companyReader(em));
}
