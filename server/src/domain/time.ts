// Reading times, and the zones they are read in. Offset-less input is a wall-clock time in the
// effective zone (spec: "Time", DECISIONS 22-23); render/time.ts writes times back out.

import { resolveInputTime } from '@warehouse-kit/spec';
import { DateTime } from 'luxon';
import { BadInput } from './errors.js';

export const UTC = 'UTC';

/** An entity's zone is its warehouse's; one without a warehouse (an unassigned order) has UTC. */
export function zoneOf(location: { timeZone: string } | null | undefined): string {
  return location?.timeZone ?? UTC;
}

// PostgreSQL answers `0001-01-01 ... BC` or five-digit years outside 1..9999, which the ORM
// cannot read back (and years below 100 it misreads); a day's margin keeps the rendering in
// every zone within four-digit years.
const earliestStorable = new Date('1000-01-02T00:00:00Z');
const latestStorable = new Date('9999-12-30T23:59:59.999Z');

/**
 * Reads an ISO 8601 date-time: an offset or `Z` wins; without one it is a wall-clock time in
 * `zone`, with the daylight-saving rule of DECISIONS 23. The rule is the SDK's own
 * `resolveInputTime`, so integrators and the server share one implementation. Invalid input
 * is BadInput naming the field.
 */
export function parseInputTime(value: string, zone: string, field: string): Date {
  let instant: Date;
  try {
    instant = resolveInputTime(value, zone).toJSDate();
  } catch (error) {
    if (error instanceof RangeError) {
      throw new BadInput(`${field} must be an ISO 8601 date-time such as 2025-03-09T09:00:00-05:00 (${error.message})`);
    }
    throw error;
  }
  if (instant < earliestStorable || instant > latestStorable) {
    throw new BadInput(`${field} must be between 1000-01-02 and 9999-12-30`);
  }
  return instant;
}

export function parseOptionalInputTime(
  value: string | null | undefined,
  zone: string,
  field: string,
): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return parseInputTime(value, zone, field);
}

/** The calendar date (`YYYY-MM-DD`) it is now, or at `instant`, in `zone`. */
export function localDate(zone: string, instant: Date = new Date()): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}

export function isValidZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}

export interface CollectionTimeFilters {
  startTime?: Date;
  endTime?: Date;
  updatedSince?: Date;
}

/** Collection filters read offset-less times in the query location's zone, otherwise UTC; invalid ones are BadInput. */
export function collectionTimeFilters(
  query: { start_time?: string; end_time?: string; updated_since?: string },
  queryLocation: { timeZone: string } | undefined,
): CollectionTimeFilters {
  const zone = zoneOf(queryLocation);
  const read = (value: string | undefined, field: string) =>
    value === undefined ? undefined : parseInputTime(value, zone, field);
  return {
    startTime: read(query.start_time, 'start_time'),
    endTime: read(query.end_time, 'end_time'),
    updatedSince: read(query.updated_since, 'updated_since'),
  };
}
