// The list's filters as a query. Offset-less times are read in the zone of the location the
// URL names, otherwise UTC (section 4.6, "Collection time filters").
import type { operations } from '@warehouse-kit/spec';
import { type Sql, sql } from '../../sql/statements.js';
import type { Access } from '../access.js';
import type { CountedScope } from '../pagination.js';
import { narrowedSql } from '../sql.js';
import { collectionTimeFilters } from '../time.js';

type ListQuery = NonNullable<operations['listAppointments']['parameters']['query']>;

/**
 * The list's filters as a condition on `appointments` aliased `a`, and, when nothing narrows
 * it, the scope whose count is kept (DECISIONS 265).
 */
export function appointmentListFilter(access: Access, query: ListQuery): { where: Sql; counted?: CountedScope } {
  const { startTime, endTime, updatedSince } = collectionTimeFilters(query, access.urlLocation(query.location_name));
  const locationIds = access.listScope(query.location_name);
  const where = narrowedSql(
    sql`a.organization_id = ${access.organization.id} and a.location_id = any(${locationIds}::int[])`,
    [
      query.state ? sql`a.state = ${query.state}` : undefined,
      startTime && sql`a.scheduled_at >= ${startTime}`,
      endTime && sql`a.scheduled_at <= ${endTime}`,
      updatedSince && sql`a.updated_at >= ${updatedSince}`,
    ],
  );
  const unfiltered = !query.state && !startTime && !endTime && !updatedSince;
  const counted: CountedScope = { table: 'appointments', organizationId: access.organization.id, locationIds };
  return { where, ...(unfiltered ? { counted } : {}) };
}
