// Likely causes of a deviation, for patterns a reimplementation is known to fall into: each
// returns a clause to append to what was received (", the same letters in another case"),
// or an empty string when the pattern does not fit, so a message names the cause, not only the
// symptom.
import { DateTime } from 'luxon';

/** What differs between two strings that look alike: normalization, case, spaces (nothing for other values). */
export function howTheyDiffer(received: unknown, expected: unknown): string {
  if (typeof received !== 'string' || typeof expected !== 'string') return '';
  if (received.normalize('NFC') === expected.normalize('NFC'))
    return ', the same text in another Unicode normalization';
  if (received.toLowerCase() === expected.toLowerCase()) return ', the same letters in another case';
  if (received.trim() === expected.trim()) return ', the same text with other spaces around it';
  return '';
}

/** For a value that reads as seconds (or milliseconds) since 1970 where ISO 8601 is documented. */
export function epochInstead(value: unknown): string {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{9,13}$/.test(text)) return '';
  const milliseconds = text.length > 11;
  const instant = DateTime.fromMillis(Number(text) * (milliseconds ? 1 : 1000), { zone: 'utc' });
  return (
    `, epoch ${milliseconds ? 'milliseconds' : 'seconds'} (${instant.toISO({ suppressMilliseconds: true })}) ` +
    'where ISO 8601 is documented'
  );
}

/** The offset a zone has outside daylight saving: the smaller of its January and July offsets. */
function standardOffset(zone: string, year: number): number {
  const at = (month: number) => DateTime.fromObject({ year, month, day: 1 }, { zone }).offset;
  return Math.min(at(1), at(7));
}

/** `-05:00` for -300 minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * For a time rendered with `offset` (minutes) where `zone` has another offset at that instant:
 * its standard offset during daylight saving (a fixed offset where the IANA zone belongs), the
 * daylight-saving offset out of season, or UTC.
 */
export function offsetInstead(offset: number, zone: string, instant: DateTime): string {
  const expected = instant.setZone(zone);
  if (offset === expected.offset) return '';
  const standard = standardOffset(zone, expected.year);
  if (expected.isInDST && offset === standard)
    return (
      `, ${zone}'s standard offset ${offsetText(standard)} in its daylight-saving period ` +
      `(${expected.toFormat('ZZ')} on ${expected.toISODate()}): daylight saving was not applied`
    );
  if (!expected.isInDST && offset !== 0 && offset > standard)
    return `, ${zone}'s daylight-saving offset outside its daylight-saving period`;
  if (offset === 0) return `, UTC instead of ${zone}`;
  return '';
}

/**
 * For an offset-less time read as another instant than documented: read as UTC, or with the
 * zone's standard offset where daylight saving applies.
 */
export function readInstead(sent: string, received: DateTime, zone: string): string {
  const wall = DateTime.fromISO(sent, { zone: 'utc' });
  if (!wall.isValid) return '';
  if (received.toMillis() === wall.toMillis()) return `, ${sent} read as UTC instead of in ${zone}`;
  const standard = standardOffset(zone, wall.year);
  if (received.toMillis() === wall.minus({ minutes: standard }).toMillis())
    return `, ${sent} read with ${zone}'s standard offset ${offsetText(standard)}: daylight saving was not applied`;
  return '';
}

/** For a link to another origin than the request's: what a proxy in front of the deployment must send. */
export function foreignOrigin(link: URL, requested: string): string {
  const origin = new URL(requested).origin;
  if (link.origin === origin) return '';
  return (
    `, another origin than the request's (${origin}): a proxy in front of the deployment probably passes on ` +
    'another host or scheme; check that it sends X-Forwarded-Host and X-Forwarded-Proto and that the deployment ' +
    'trusts them (WH_TRUST_PROXY=1 on the reference server)'
  );
}
