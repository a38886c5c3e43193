// The list's filters as a query. Offset-less times are read in the zone of the location the
// URL names, otherwise UTC (section 4.6, "Collection time filters").
import type { FilterQuery } from '@mikro-orm/core';
import type { operations } from '../../../spec/openapi-types.js';
import type { Appointment } from '../../entities/appointment.js';
import type { Access } from '../access.js';
import { UTC, parseOptionalInputTime } from '../time.js';

type ListQuery = NonNullable<operations['listAppointments']['parameters']['query']>;

export function appointmentListFilter(access: Access, query: ListQuery): FilterQuery<Appointment> {
  const zone = access.urlLocation(query.location_name)?.timeZone ?? UTC;
  const startTime = parseOptionalInputTime(query.start_time, zone, 'start_time');
  const endTime = parseOptionalInputTime(query.end_time, zone, 'end_time');
  const updatedSince = parseOptionalInputTime(query.updated_since, zone, 'updated_since');
  const scheduledAt = { ...(startTime ? { $gte: startTime } : {}), ...(endTime ? { $lte: endTime } : {}) };
  return {
    organizationId: access.organization.id,
    locationId: { $in: access.listScope(query.location_name) },
    ...(query.state ? { state: query.state } : {}),
    ...(startTime || endTime ? { scheduledAt } : {}),
    ...(updatedSince ? { updatedAt: { $gte: updatedSince } } : {}),
  };
}
