// Which zone a purchase order's offset-less times are read in, and the time rules of an
// order (reference section 4.6, "Dates and time zones for purchase order input").
import type { Location } from '../../entities/location.js';
import type { FieldErrorCollector } from '../../http/errors.js';
import { UTC, parseInputTime, parseOptionalInputTime } from '../time.js';

/** An order's zone is its warehouse's; an unassigned order has none, so UTC. */
export function zoneOf(location: Location | null | undefined): string {
  return location?.timeZone ?? UTC;
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
  const starts = parseOptionalInputTime(input.expected_starts_at, zone, 'purchase_order.expected_starts_at');
  const ends = parseOptionalInputTime(input.expected_ends_at, zone, 'purchase_order.expected_ends_at');
  const next = {
    expectedStartsAt: starts === undefined ? current.expectedStartsAt : starts,
    expectedEndsAt: ends === undefined ? current.expectedEndsAt : ends,
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
  const read = (value: string | undefined, field: string) => (value === undefined ? undefined : parseInputTime(value, zone, field));
  return {
    startTime: read(query.start_time, 'start_time'),
    endTime: read(query.end_time, 'end_time'),
    updatedSince: read(query.updated_since, 'updated_since'),
  };
}
