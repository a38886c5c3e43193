// Times in responses carry the offset of the entity's zone (spec: "Time", DECISIONS 22).
import { DateTime, IANAZone } from 'luxon';

const HOUR = 3_600_000;
const MAX_CACHED_HOURS = 100_000;

/**
 * A zone's UTC offset (minutes) through each whole UTC hour, for hours with no transition
 * in them, by zone name. Asking the zone (Intl's formatToParts) was the costliest step of
 * rendering a list; rows of one page mostly share their hours.
 */
const hourOffsets = new Map<string, Map<number, number>>();
let cachedHours = 0;

function offsetAt(zone: IANAZone, ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offsets = hourOffsets.get(zone.name);
  const known = offsets?.get(hour);
  if (known !== undefined) return known;
  const start = zone.offset(hour * HOUR);
  // A transition within the hour: no single offset to remember.
  if (zone.offset(hour * HOUR + HOUR - 1) !== start) return zone.offset(ms);
  if (cachedHours >= MAX_CACHED_HOURS) {
    hourOffsets.clear();
    cachedHours = 0;
    offsets = undefined;
  }
  if (!offsets) {
    offsets = new Map();
    hourOffsets.set(zone.name, offsets);
  }
  offsets.set(hour, start);
  cachedHours++;
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

/**
 * `YYYY-MM-DDTHH:` of each local hour (hours since the epoch, read as UTC), null for years
 * outside 1000–9999. A page's times share a few hours; spelling the date once per hour made
 * rendering a page of orders several times cheaper.
 */
const hourPrefixes = new Map<number, string | null>();

function hourPrefix(localHour: number): string | null {
  let prefix = hourPrefixes.get(localHour);
  if (prefix === undefined) {
    const start = new Date(localHour * HOUR);
    const year = start.getUTCFullYear();
    prefix =
      year < 1000 || year > 9999
        ? null
        : `${year}-${pad(start.getUTCMonth() + 1)}-${pad(start.getUTCDate())}T${pad(start.getUTCHours())}:`;
    if (hourPrefixes.size >= MAX_CACHED_HOURS) hourPrefixes.clear();
    hourPrefixes.set(localHour, prefix);
  }
  return prefix;
}

const offsetSuffix = (offset: number) => {
  const magnitude = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${pad(Math.floor(magnitude / 60))}:${pad(magnitude % 60)}`;
};

/** ISO 8601 in `zone` with its offset (UTC as `Z`), milliseconds only when not zero: luxon's format. */
export function renderTime(date: Date, zone: string): string {
  const ms = date.getTime();
  const iana = zone === 'UTC' ? null : regionZone(zone);
  // Anything else (other zone spellings, five-digit years, offsets in seconds) is luxon's to spell.
  if (!iana && zone !== 'UTC') return luxonTime(date, zone);
  const offset = iana ? offsetAt(iana, ms) : 0;
  if (!Number.isInteger(offset)) return luxonTime(date, zone);
  const local = ms + offset * 60_000;
  const localHour = Math.floor(local / HOUR);
  const prefix = hourPrefix(localHour);
  if (prefix === null) return luxonTime(date, zone);
  const withinHour = local - localHour * HOUR;
  const millis = withinHour % 1000;
  return (
    prefix +
    pad(Math.floor(withinHour / 60_000)) +
    ':' +
    pad(Math.floor(withinHour / 1000) % 60) +
    (millis ? `.${pad(millis, 3)}` : '') +
    (iana ? offsetSuffix(offset) : 'Z')
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
