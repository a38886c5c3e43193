// Times in responses carry the offset of the entity's zone (spec: "Time", DECISIONS 22).
import { DateTime, IANAZone } from 'luxon';

const HOUR = 3_600_000;
const MAX_CACHED_HOURS = 100_000;

/**
 * A zone's UTC offset (minutes) through each whole UTC hour, for hours with no transition
 * in them. Asking the zone (Intl's formatToParts) was the costliest step of rendering a list;
 * rows of one page mostly share their hours.
 */
const hourOffsets = new Map<string, number>();

function offsetAt(zone: IANAZone, ms: number): number {
  const hour = Math.floor(ms / HOUR);
  const key = `${zone.name} ${hour}`;
  const known = hourOffsets.get(key);
  if (known !== undefined) return known;
  const start = zone.offset(hour * HOUR);
  // A transition within the hour: no single offset to remember.
  if (zone.offset(hour * HOUR + HOUR - 1) !== start) return zone.offset(ms);
  if (hourOffsets.size >= MAX_CACHED_HOURS) hourOffsets.clear();
  hourOffsets.set(key, start);
  return start;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/**
 * `Area/Location` zones of the tz database (luxon spells UTC, GMT and fixed offsets its own
 * ways), remembered: checking a name builds an Intl formatter, which costs more than rendering.
 */
const regionZones = new Map<string, IANAZone | null>();

function regionZone(zone: string): IANAZone | null {
  let known = regionZones.get(zone);
  if (known === undefined) {
    known = zone.includes('/') && IANAZone.isValidZone(zone) ? IANAZone.create(zone) : null;
    if (regionZones.size >= 1_000) regionZones.clear();
    regionZones.set(zone, known);
  }
  return known;
}

/** ISO 8601 in `zone` with its offset (UTC as `Z`), milliseconds only when not zero: luxon's format. */
export function renderTime(date: Date, zone: string): string {
  const ms = date.getTime();
  const iana = zone === 'UTC' ? null : regionZone(zone);
  const offset = iana ? offsetAt(iana, ms) : 0;
  const local = new Date(ms + offset * 60_000);
  const year = local.getUTCFullYear();
  // Anything else (other zone spellings, five-digit years, offsets in seconds) is luxon's to spell.
  if ((!iana && zone !== 'UTC') || year < 1000 || year > 9999 || !Number.isInteger(offset))
    return luxonTime(date, zone);
  const millis = local.getUTCMilliseconds();
  const sign = offset < 0 ? '-' : '+';
  const magnitude = Math.abs(offset);
  return (
    `${year}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    (millis ? `.${pad(millis, 3)}` : '') +
    (iana ? `${sign}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}` : 'Z')
  );
}

function luxonTime(date: Date, zone: string): string {
  const rendered = DateTime.fromJSDate(date, { zone }).toISO({ suppressMilliseconds: true });
  if (!rendered) throw new Error(`cannot render ${date.toISOString()} in ${zone}`);
  return rendered;
}

export function renderNullableTime(date: Date | null | undefined, zone: string): string | null {
  return date ? renderTime(date, zone) : null;
}
