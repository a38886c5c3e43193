// Which zone a purchase order's offset-less times are read in, and the time rules of an
// order (reference section 4.6, "Dates and time zones for purchase order input").
import type { Location } from '../../entities/location.js';
import { badRequest, type FieldErrorCollector } from '../../http/errors.js';
import { UTC, parseInputTime } from '../time.js';

/** An order's zone is its warehouse's; an unassigned order has none, so UTC. */
export function zoneOf(location: Location | null | undefined): string {
  return location?.timeZone ?? UTC;
}

// PostgreSQL answers `0001-01-01 ... BC` or five-digit years outside 1..9999, which the ORM
// cannot read back (and years below 100 it misreads); a day's margin keeps the rendering
// in every zone within four-digit years.
const earliest = new Date('1000-01-02T00:00:00Z');
const latest = new Date('9999-12-30T23:59:59.999Z');

/** `parseInputTime` limited to the instants the service can store and render; 400 otherwise. */
function readTime(value: string, zone: string, field: string): Date {
  const instant = parseInputTime(value, zone, field);
  if (instant < earliest || instant > latest) throw badRequest(`${field} must be between 1000-01-02 and 9999-12-30`);
  return instant;
}

export interface ExpectedTimes {
  expectedStartsAt: Date | null;
  expectedEndsAt: Date | null;
}

/**
 * The expected times after a write: sent values are read in `zone` (the effective
 * location's: the destination on a move, UTC when unassigned), others are kept. A malformed
 * time is 400 (thrown); an end before the start is a 422 on `expected_ends_at`.
 */
export function plannedTimes(
  current: ExpectedTimes,
  input: { expected_starts_at?: string | null; expected_ends_at?: string | null },
  zone: string,
  errors: FieldErrorCollector,
): ExpectedTimes {
  const read = (value: string | null | undefined, kept: Date | null, field: string) =>
    value === undefined ? kept : value === null ? null : readTime(value, zone, `purchase_order.${field}`);
  const next = {
    expectedStartsAt: read(input.expected_starts_at, current.expectedStartsAt, 'expected_starts_at'),
    expectedEndsAt: read(input.expected_ends_at, current.expectedEndsAt, 'expected_ends_at'),
  };
  if (next.expectedStartsAt && next.expectedEndsAt && next.expectedEndsAt < next.expectedStartsAt) {
    errors.add('expected_ends_at', 'must not be before expected_starts_at');
  }
  return next;
}

export interface CollectionTimeFilters {
  startTime?: Date;
  endTime?: Date;
  updatedSince?: Date;
}

/** Collection filters read offset-less times in the query location's zone, otherwise UTC; invalid ones are 400. */
export function collectionTimeFilters(
  query: { start_time?: string; end_time?: string; updated_since?: string },
  queryLocation: Location | undefined,
): CollectionTimeFilters {
  const zone = zoneOf(queryLocation);
  const read = (value: string | undefined, field: string) => (value === undefined ? undefined : readTime(value, zone, field));
  return {
    startTime: read(query.start_time, 'start_time'),
    endTime: read(query.end_time, 'end_time'),
    updatedSince: read(query.updated_since, 'updated_since'),
  };
}
