// Reading times, and the zones they are read in. Offset-less input is a wall-clock time in the
// effective zone (spec: "Time", DECISIONS 22-23); render/time.ts writes times back out.

import { resolveInputTime } from '@warehouse-kit/spec/time';
import { DateTime } from 'luxon';
import { BadInput } from './errors.js';
import type { FieldErrorCollector } from './field-error-collector.js';

export const UTC = 'UTC';

/** An entity's zone is its warehouse's; one without a warehouse (an unassigned order) has UTC. */
export function zoneOf(location: { timeZone: string } | null | undefined): string {
  return location?.timeZone ?? UTC;
}

// PostgreSQL answers `0001-01-01 ... BC` or five-digit years outside 1..9999, which the ORM
// cannot read back (and years below 100 it misreads); a day's margin keeps the rendering in
// every zone within four-digit years (DECISIONS 61).
export const EARLIEST_INPUT_DATE = '1000-01-02';
export const LATEST_INPUT_DATE = '9999-12-30';
const earliestStorable = new Date(`${EARLIEST_INPUT_DATE}T00:00:00Z`);
const latestStorable = new Date(`${LATEST_INPUT_DATE}T23:59:59.999Z`);

/** An input time read: the instant, or what is wrong with it, in the API's own words. */
export type TimeReading = { instant: Date } | { problem: string };

/**
 * Reads an ISO 8601 date-time: an offset or `Z` wins; without one it is a wall-clock time in
 * `zone`, with the daylight-saving rule of DECISIONS 23. The rule is the SDK's own
 * `resolveInputTime`, so integrators and the server share one implementation. The caller
 * decides how a problem is answered: 422 for a body field, 400 for a query parameter.
 */
export function readInputTime(value: string, zone: string): TimeReading {
  let instant: Date;
  try {
    instant = resolveInputTime(value, zone).toJSDate();
  } catch (error) {
    if (error instanceof RangeError)
      return { problem: 'must be a date and time that exist, written like 2025-03-09T09:00:00-05:00' };
    throw error;
  }
  if (instant < earliestStorable || instant > latestStorable)
    return { problem: `must be between ${EARLIEST_INPUT_DATE} and ${LATEST_INPUT_DATE}` };
  return { instant };
}

/** A body's time (undefined: not sent, null: cleared); a problem goes to `errors` under `field`. */
export function readFieldTime(
  value: string | null | undefined,
  zone: string,
  field: string,
  errors: FieldErrorCollector,
): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const reading = readInputTime(value, zone);
  if ('instant' in reading) return reading.instant;
  errors.add(field, reading.problem);
  return undefined;
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
  const read = (value: string | undefined, field: string) => {
    if (value === undefined) return undefined;
    const reading = readInputTime(value, zone);
    if ('problem' in reading) throw new BadInput(`query parameter ${field} ${reading.problem}`);
    return reading.instant;
  };
  return {
    startTime: read(query.start_time, 'start_time'),
    endTime: read(query.end_time, 'end_time'),
    updatedSince: read(query.updated_since, 'updated_since'),
  };
}
