// The list's filters as a query. Offset-less times are read in the zone of the location the
// URL names, otherwise UTC (section 4.6, "Collection time filters").
import type { FilterQuery } from '@mikro-orm/core';
import type { operations } from '@warehouse-kit/spec';
import type { Appointment } from '../../entities/appointment.js';
import type { Access } from '../access.js';
import { collectionTimeFilters } from '../time.js';

type ListQuery = NonNullable<operations['listAppointments']['parameters']['query']>;

export function appointmentListFilter(access: Access, query: ListQuery): FilterQuery<Appointment> {
  const { startTime, endTime, updatedSince } = collectionTimeFilters(query, access.urlLocation(query.location_name));
  const scheduledAt = { ...(startTime ? { $gte: startTime } : {}), ...(endTime ? { $lte: endTime } : {}) };
  return {
    organizationId: access.organization.id,
    locationId: { $in: access.listScope(query.location_name) },
    ...(query.state ? { state: query.state } : {}),
    ...(startTime || endTime ? { scheduledAt } : {}),
    ...(updatedSince ? { updatedAt: { $gte: updatedSince } } : {}),
  };
}
