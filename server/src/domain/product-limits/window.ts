// The local dates a product-limit request covers (section 4.7, DECISIONS 37 and 44).
// Without `start_date` each warehouse starts at its own current date, so one request can
// cover different dates at warehouses on either side of the date line.
import { DateTime } from 'luxon';
import { BadInput } from '../errors.js';
import { EARLIEST_INPUT_DATE, LATEST_INPUT_DATE, localDate } from '../time.js';

/** Inclusive local calendar dates, `YYYY-MM-DD`. */
export interface DateWindow {
  start: string;
  end: string;
}

export interface WindowQuery {
  start_date?: string;
  end_date?: string;
}

/** Seven days after the start, so eight dates. */
const DEFAULT_DAYS_AFTER_START = 7;
const MAX_DATES = 92;

const calendarDate = (date: string) => DateTime.fromISO(date, { zone: 'UTC' });

export function addDays(date: string, days: number): string {
  return calendarDate(date).plus({ days }).toISODate() as string;
}

export function isoWeekday(date: string): number {
  return calendarDate(date).weekday;
}

export function datesIn(window: DateWindow): string[] {
  const dates: string[] = [];
  for (let date = window.start; date <= window.end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

const dateCount = (start: string, end: string) => calendarDate(end).diff(calendarDate(start), 'days').days + 1;

/** BadInput when explicit dates are out of order; the window length is checked per warehouse. */
export function checkWindowQuery(query: WindowQuery): void {
  if (query.start_date && query.end_date && query.end_date < query.start_date) {
    throw new BadInput(`end_date ${query.end_date} is before start_date ${query.start_date}`);
  }
}

/**
 * The window at a warehouse in `zone`, or undefined when an explicit `end_date` is already
 * past that warehouse's current date (the caller did not choose that start, so it is not an
 * error). Over 92 dates is BadInput.
 */
export function windowAt(zone: string, query: WindowQuery, now: Date = new Date()): DateWindow | undefined {
  const start = query.start_date ?? localDate(zone, now);
  // Compared as dates: luxon writes a day after 9999-12-31 with a sign and six digits.
  const last = calendarDate(query.end_date ?? start).plus({ days: query.end_date ? 0 : DEFAULT_DAYS_AFTER_START });
  if (calendarDate(start) < calendarDate(EARLIEST_INPUT_DATE))
    throw new BadInput(`query parameter start_date must be ${EARLIEST_INPUT_DATE} or later`);
  if (last > calendarDate(LATEST_INPUT_DATE))
    throw new BadInput(`the window must end by ${LATEST_INPUT_DATE}: give an end_date no later than that`);
  const end = last.toISODate() as string;
  if (end < start) return undefined;
  if (dateCount(start, end) > MAX_DATES) {
    const count = dateCount(start, end);
    throw new BadInput(`the window from ${start} to ${end} covers ${count} dates; at most ${MAX_DATES} are allowed`);
  }
  return { start, end };
}
