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

/** An ISO 8601 date-time as received: with its own offset (or `Z`), or undefined when it has none or is not one. */
export function receivedInstant(value: unknown): DateTime | undefined {
  if (typeof value !== 'string' || offsetOf(value) === undefined) return undefined;
  const time = DateTime.fromISO(value, { setZone: true });
  return time.isValid ? time : undefined;
}

/**
 * The instant the reference says `sent` means when offset-less times are read in `zone`
 * (§4.6, DECISIONS 23): an explicit offset wins; a wall-clock time is tried with every offset
 * the zone uses within a day of it, and the candidates the zone really has at their instant
 * remain. Two remain when the time repeats (the earlier wins); none when a change skips it,
 * and the offset before the change then moves it forward by the gap.
 *
 * This is the suite's own oracle, computed from the zone's offsets with luxon directly, not
 * with the server's or the SDK's code, so a time-zone bug those share cannot pass unseen.
 */
export function expectedInstant(sent: string, zone: string): DateTime {
  if (offsetOf(sent) !== undefined) return DateTime.fromISO(sent, { setZone: true }).setZone(zone);
  const wall = DateTime.fromISO(sent, { zone: 'utc' });
  if (!wall.isValid) throw new RangeError(`${sent} is not an ISO 8601 date-time`);
  const offsetAt = (instant: DateTime) => instant.setZone(zone).offset;
  const offsets = [...new Set([-1, 0, 1].map((days) => offsetAt(wall.plus({ days }))))];
  const candidates = offsets
    .filter((minutes) => offsetAt(wall.minus({ minutes })) === minutes)
    .map((minutes) => wall.minus({ minutes }))
    .sort((a, b) => a.toMillis() - b.toMillis());
  const instant = candidates[0] ?? wall.minus({ minutes: offsetAt(wall.minus({ days: 1 })) });
  return instant.setZone(zone);
}

export interface Transition {
  /** `gap`: clocks jump forward, skipping wall-clock times; `overlap`: they go back, repeating some. */
  kind: 'gap' | 'overlap';
  /** The first instant with the new offset. */
  at: DateTime;
  /** A wall-clock time in the middle of the skipped or repeated stretch, to send without an offset. */
  wall: string;
}

const STEP_MINUTES = 15;

/**
 * The zone's offset changes in the 400 days from `from`, each with a wall-clock time the change
 * skips or repeats. Found from the zone's offsets alone, stepping a quarter of an hour at a
 * time across the day of each change (every change in the tz database falls on such a step).
 */
export function transitions(zone: string, from: DateTime = DateTime.now()): Transition[] {
  const found: Transition[] = [];
  let day = from;
  for (;;) {
    const changeDay = nextChangeDay(zone, day);
    if (!changeDay || changeDay.diff(from, 'days').days > 400) return found;
    let instant = changeDay.minus({ days: 1 }).toUTC();
    const offsetAt = (time: DateTime) => time.setZone(zone).offset;
    while (offsetAt(instant.plus({ minutes: STEP_MINUTES })) === offsetAt(instant))
      instant = instant.plus({ minutes: STEP_MINUTES });
    const at = instant.plus({ minutes: STEP_MINUTES });
    const [before, after] = [offsetAt(instant), offsetAt(at)];
    // A gap skips [at + before, at + after) in wall-clock time; an overlap repeats [at + after, at + before).
    const middle = at.plus({ minutes: Math.min(before, after) + Math.abs(after - before) / 2 });
    found.push({
      kind: after > before ? 'gap' : 'overlap',
      at: at.setZone(zone),
      wall: offsetLess(middle.setZone('utc')),
    });
    day = changeDay;
  }
}
