// The time rules of a purchase order (reference section 4.6, "Dates and time zones for purchase order input").
import type { FieldErrorCollector } from '../field-error-collector.js';
import { readFieldTime } from '../time.js';

export interface ExpectedTimes {
  expectedStartsAt: Date | null;
  expectedEndsAt: Date | null;
}

/**
 * The expected times after a write: sent values are read in `zone` (the effective
 * location's: the destination on a move, UTC when unassigned), others are kept. A time that
 * cannot be read, or an end before the start, is an error on its field.
 */
export function plannedTimes(
  current: ExpectedTimes,
  input: { expected_starts_at?: string | null; expected_ends_at?: string | null },
  zone: string,
  errors: FieldErrorCollector,
): ExpectedTimes {
  const read = (value: string | null | undefined, kept: Date | null, field: string) =>
    value === undefined ? kept : (readFieldTime(value, zone, field, errors) ?? null);
  const next = {
    expectedStartsAt: read(input.expected_starts_at, current.expectedStartsAt, 'expected_starts_at'),
    expectedEndsAt: read(input.expected_ends_at, current.expectedEndsAt, 'expected_ends_at'),
  };
  if (next.expectedStartsAt && next.expectedEndsAt && next.expectedEndsAt < next.expectedStartsAt) {
    errors.add('expected_ends_at', 'must not be before expected_starts_at');
  }
  return next;
}
