import { DateTime, type DateObjectUnits } from 'luxon';

// An ISO 8601 date-time names an exact instant when its time ends with `Z` or an offset.
const HAS_OFFSET = /T[\d:.,]+(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

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
  if (!HAS_OFFSET.test(value)) {
    throw new RangeError(`parseTime: ${JSON.stringify(value)} has no UTC offset, so its instant is unknown`);
  }
  const time = valid(DateTime.fromISO(value, { setZone: true }), `parseTime(${JSON.stringify(value)})`);
  return zone === undefined ? time : valid(time.setZone(zone), `parseTime zone ${JSON.stringify(zone)}`);
}

/**
 * The instant the API takes an input date-time to mean when it reads offset-less times in
 * `zone`: an explicit offset wins; a local time skipped by a daylight-saving change moves
 * forward by the gap; one that occurs twice is the earlier instant.
 */
export function resolveInputTime(input: string, zone: string): DateTime {
  if (HAS_OFFSET.test(input)) {
    const exact = valid(DateTime.fromISO(input, { setZone: true }), `resolveInputTime(${JSON.stringify(input)})`);
    return valid(exact.setZone(zone), `resolveInputTime zone ${JSON.stringify(zone)}`);
  }
  const local = valid(DateTime.fromISO(input, { zone }), `resolveInputTime(${JSON.stringify(input)}, ${JSON.stringify(zone)})`);
  // Luxon already moves a skipped time forward, but takes the later of two repeated instants.
  const [earliest] = local.getPossibleOffsets().sort((a, b) => a.toMillis() - b.toMillis());
  return earliest ?? local;
}
