// Instants the time-zone checks send: local times on both sides of a zone's next
// daylight-saving change, so a deployment that renders one fixed offset cannot pass.
import { DateTime } from 'luxon';

export interface ZoneDates {
  /** Local noon two days before the next offset change (or a winter date when there is none). */
  before: DateTime;
  /** Local noon two days after it (or a summer date). */
  after: DateTime;
  /** Whether the zone changes its offset at all within the next 13 months. */
  hasChange: boolean;
}

/** The first local day, from `from`, whose offset differs from the day before; undefined when none within 400 days. */
function nextChangeDay(zone: string, from: DateTime): DateTime | undefined {
  let day = from.setZone(zone).set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  for (let i = 0; i < 400; i++) {
    const next = day.plus({ days: 1 });
    if (next.offset !== day.offset) return next;
    day = next;
  }
  return undefined;
}

export function datesAroundChange(zone: string, now: DateTime = DateTime.now()): ZoneDates {
  const change = nextChangeDay(zone, now);
  if (change) return { before: change.minus({ days: 3 }), after: change.plus({ days: 2 }), hasChange: true };
  const year = now.year + 1;
  return {
    before: DateTime.fromObject({ year, month: 1, day: 15, hour: 12 }, { zone }),
    after: DateTime.fromObject({ year, month: 7, day: 15, hour: 12 }, { zone }),
    hasChange: false,
  };
}

/** The wall-clock time to send without an offset: `2026-03-06T12:00:00`. */
export function offsetLess(time: DateTime): string {
  return time.toISO({ includeOffset: false, suppressMilliseconds: true }) as string;
}

/** `-05:00` style offset of an ISO string as received; `Z` reads as `+00:00`. */
export function offsetOf(rendered: string): string | undefined {
  const match = /(Z|[+-]\d{2}:?\d{2})$/i.exec(rendered);
  if (!match) return undefined;
  const raw = match[1]!.toUpperCase();
  return raw === 'Z' ? '+00:00' : raw.includes(':') ? raw : `${raw.slice(0, 3)}:${raw.slice(3)}`;
}

/** The offset `zone` has at `instant`, as `-05:00`. */
export function zoneOffset(zone: string, instant: DateTime): string {
  return instant.setZone(zone).toFormat('ZZ');
}
