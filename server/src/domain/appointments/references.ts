// Names on an appointment are references to records of its warehouse or organization
// (DECISIONS 29). Each lookup answers the record, or the field error saying why the name
// does not fit.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CompanyType } from '../../entities/company.js';
import type { Location } from '../../entities/location.js';
import { rows, sql } from '../../sql/statements.js';
import { findCompanyNamed } from '../companies.js';
import type { Party } from './row-shapes.js';

export type Lookup<T> = { found: T } | { problem: string };

/**
 * Picks the record a name means among case-insensitive matches. Names that may repeat
 * (product names within a warehouse, purchase order numbers differing only in case) are
 * settled by an exact match; otherwise the name is ambiguous (DECISIONS 41).
 */
export function pickNamed<T>(
  candidates: T[],
  name: string,
  nameOf: (record: T) => string,
  kind: { one: string; many: string },
): Lookup<T> {
  const wanted = name.trim();
  const matches = candidates.filter((record) => nameOf(record).toLowerCase() === wanted.toLowerCase());
  if (matches.length === 1) return { found: matches[0]! };
  if (matches.length === 0) return { problem: `is not ${kind.one}` };
  const exact = matches.filter((record) => nameOf(record) === wanted);
  if (exact.length === 1) return { found: exact[0]! };
  return { problem: `is ambiguous: ${matches.length} ${kind.many} match it; give them distinct names` };
}

/** The location's dock with this name, in any case: a location's dock names are unique regardless of case. */
export async function lookUpDock(em: EntityManager, location: Location, name: string): Promise<Lookup<{ id: number }>> {
  const [dock] = await rows<{ id: number }>(
    em,
    sql`select d.id from docks d where d.organization_id = ${location.organizationId} and d.location_id = ${location.id}
      and lower(d.name) = ${name.trim().toLowerCase()}`,
  );
  return dock ? { found: dock } : { problem: `is not a dock of ${location.name}` };
}

export async function lookUpCompany(
  em: EntityManager,
  organizationId: number,
  companyType: CompanyType,
  name: string,
): Promise<Lookup<Party>> {
  const company = await findCompanyNamed(em, organizationId, companyType, name);
  return company ? { found: company } : { problem: `is not a ${companyType} company of this organization` };
}
