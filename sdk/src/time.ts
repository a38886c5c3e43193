// `@warehouse-kit/sdk/time`: times to send and times read, as luxon DateTimes. luxon is an
// optional peer dependency (DECISIONS 482): an integrator who imports this installs it, and the
// client itself never loads it.
import { hasExplicitOffset } from '@warehouse-kit/spec';
import { type DateObjectUnits, DateTime } from 'luxon';

// The API's own reading of input times, for integrators who need to know it (DECISIONS 23).
export { resolveInputTime } from '@warehouse-kit/spec/time';

function valid(time: DateTime, what: string): DateTime {
  if (!time.isValid) throw new RangeError(`${what}: ${time.invalidExplanation ?? time.invalidReason}`);
  return time;
}

function isoWithoutOffset(time: DateTime): string {
  return time.toISO({ includeOffset: false, suppressMilliseconds: true }) as string;
}

/**
 * A local wall-clock time to send without an offset (`2025-03-09T09:00:00`); the API reads it
 * in the warehouse's zone. A DateTime gives its own wall-clock fields whatever its zone; plain
 * units are kept exactly, even a time that a daylight-saving change skips there.
 */
export function wallClock(time: DateTime | DateObjectUnits): string {
  // UTC has no daylight-saving gaps, so the units survive unchanged.
  const local = DateTime.isDateTime(time) ? time : DateTime.fromObject(time, { zone: 'utc' });
  return isoWithoutOffset(valid(local, 'wallClock'));
}

/** An exact instant to send, with the DateTime's own offset (`Z` for a Date). */
export function instant(time: DateTime | Date): string {
  const exact = time instanceof Date ? DateTime.fromJSDate(time, { zone: 'utc' }) : time;
  return valid(exact, 'instant').toISO({ suppressMilliseconds: true }) as string;
}

/**
 * Reads a date-time from a response as a DateTime that keeps the offset it was sent with, or,
 * given the location's `time_zone`, as the same instant in that IANA zone (for arithmetic that
 * crosses a daylight-saving change). null stays null, as the API sends for unset times.
 */
export function parseTime(value: string, zone?: string): DateTime;
export function parseTime(value: string | null, zone?: string): DateTime | null;
export function parseTime(value: string | null, zone?: string): DateTime | null {
  if (value === null) return null;
  if (!hasExplicitOffset(value)) {
    throw new RangeError(`parseTime: ${JSON.stringify(value)} has no UTC offset, so its instant is unknown`);
  }
  const time = valid(DateTime.fromISO(value, { setZone: true }), `parseTime(${JSON.stringify(value)})`);
  return zone === undefined ? time : valid(time.setZone(zone), `parseTime zone ${JSON.stringify(zone)}`);
}
