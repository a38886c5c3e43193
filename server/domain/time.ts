// Reading and rendering times. Offset-less input is a wall-clock time in the effective zone;
// responses carry the offset of the entity's zone (spec: "Time", DECISIONS 22-23).
import { DateTime } from 'luxon';
import { resolveInputTime } from '../../sdk/time.js';
import { badRequest } from '../http/errors.js';

export const UTC = 'UTC';

/**
 * Reads an ISO 8601 date-time: an offset or `Z` wins; without one it is a wall-clock time in
 * `zone`, with the daylight-saving rule of DECISIONS 23. The rule is the SDK's own
 * `resolveInputTime`, so integrators and the server share one implementation. Invalid input
 * is a 400 naming the field.
 */
export function parseInputTime(value: string, zone: string, field: string): Date {
  try {
    return resolveInputTime(value, zone).toJSDate();
  } catch (error) {
    if (error instanceof RangeError) {
      throw badRequest(`${field} must be an ISO 8601 date-time such as 2025-03-09T09:00:00-05:00 (${error.message})`);
    }
    throw error;
  }
}

export function parseOptionalInputTime(value: string | null | undefined, zone: string, field: string): Date | null | undefined {
  if (value === undefined || value === null) return value;
  return parseInputTime(value, zone, field);
}

/** ISO 8601 in `zone` with its offset (UTC as `Z`), milliseconds only when not zero. */
export function renderTime(date: Date, zone: string): string {
  const rendered = DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true });
  if (!rendered) throw new Error(`cannot render ${date.toISOString()} in ${zone}`);
  return rendered;
}

export function renderNullableTime(date: Date | null | undefined, zone: string): string | null {
  return date ? renderTime(date, zone) : null;
}

/** The calendar date (`YYYY-MM-DD`) it is now, or at `instant`, in `zone`. */
export function localDate(zone: string, instant: Date = new Date()): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() as string;
}

export function isValidZone(zone: string): boolean {
  return DateTime.now().setZone(zone).isValid;
}
