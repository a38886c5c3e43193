// A limit as it applies on each requested date: recurring on its weekdays within its own
// date range, with an override taking over its date (even a weekday the limit skips), and
// the local window turned into instants in the warehouse zone.
import type { components } from '@warehouse-kit/spec';
import { resolveInputTime } from '@warehouse-kit/spec/time';
import type { ProductLimit, ProductLimitOverride } from '../../entities/product-limit.js';
import { addDays, type DateWindow, datesIn, isoWeekday } from './window.js';

/** A limit on one date, its window as instants; rendering writes them in the warehouse zone. */
export type LimitDate = Omit<components['schemas']['ProductLimitDate'], 'starts_at' | 'ends_at'> & {
  starts_at: Date;
  ends_at: Date;
};

/** Stored `HH:MM:SS` as the API's local `HH:MM`. */
export const localTime = (stored: string) => stored.slice(0, 5);

/**
 * The instant a local date and time mean in `zone`, by the same rule as offset-less input:
 * a time skipped by daylight saving moves forward, a repeated one is the earlier instant.
 */
function instant(date: string, time: string, zone: string): Date {
  return resolveInputTime(`${date}T${time}`, zone).toJSDate();
}

export function effectiveTimes(limit: ProductLimit, override: ProductLimitOverride | undefined) {
  return {
    start_time: localTime(override?.startTime ?? limit.startTime),
    end_time: localTime(override?.endTime ?? limit.endTime),
  };
}

function applies(limit: ProductLimit, date: string, overridden: boolean): boolean {
  const inRange = date >= limit.startDate && (!limit.endDate || date <= limit.endDate);
  return inRange && (overridden || limit.daysOfWeek.includes(isoWeekday(date)));
}

export function expandLimit(
  limit: ProductLimit,
  overridesByDate: Map<string, ProductLimitOverride>,
  window: DateWindow,
  zone: string,
): LimitDate[] {
  return datesIn(window).flatMap((date) => {
    const override = overridesByDate.get(date);
    if (!applies(limit, date, override !== undefined)) return [];
    const times = effectiveTimes(limit, override);
    // A window whose end is not after its start runs past midnight.
    const endDate = times.end_time <= times.start_time ? addDays(date, 1) : date;
    return [
      {
        date,
        quantity: override?.quantity ?? limit.quantity,
        ...times,
        starts_at: instant(date, times.start_time, zone),
        ends_at: instant(endDate, times.end_time, zone),
        overridden: override !== undefined,
      },
    ];
  });
}
