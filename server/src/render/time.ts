// Times in responses carry the offset of the entity's zone (spec: "Time", DECISIONS 22).
import { DateTime } from 'luxon';

/** ISO 8601 in `zone` with its offset (UTC as `Z`), milliseconds only when not zero. */
export function renderTime(date: Date, zone: string): string {
  const rendered = DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true });
  if (!rendered) throw new Error(`cannot render ${date.toISOString()} in ${zone}`);
  return rendered;
}

export function renderNullableTime(date: Date | null | undefined, zone: string): string | null {
  return date ? renderTime(date, zone) : null;
}
