import type { components } from '@warehouse-kit/spec';
import { effectiveTimes, expandLimit, localTime } from '../domain/product-limits/expand.js';
import type { DateWindow } from '../domain/product-limits/window.js';
import type { Location } from '../entities/location.js';
import type { Product } from '../entities/product.js';
import type { ProductLimit, ProductLimitOverride } from '../entities/product-limit.js';
import { renderTime } from './time.js';

/** `overridesByDate` holds only the overrides inside `window`. */
export function renderProductLimit(
  limit: ProductLimit,
  location: Location,
  product: Pick<Product, 'name'>,
  overridesByDate: Map<string, ProductLimitOverride>,
  window: DateWindow,
): components['schemas']['ProductLimit'] {
  const overrides = [...overridesByDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  const zone = location.timeZone;
  return {
    id: limit.publicId,
    location_name: location.name,
    product_name: product.name,
    quantity: limit.quantity,
    start_time: localTime(limit.startTime),
    end_time: localTime(limit.endTime),
    days_of_week: [...limit.daysOfWeek].sort((a, b) => a - b),
    start_date: limit.startDate,
    end_date: limit.endDate ?? null,
    overrides: overrides.map((override) => ({
      date: override.date,
      quantity: override.quantity,
      ...effectiveTimes(limit, override),
    })),
    dates: expandLimit(limit, overridesByDate, window, zone).map((day) => ({
      ...day,
      starts_at: renderTime(day.starts_at, zone),
      ends_at: renderTime(day.ends_at, zone),
    })),
  };
}
