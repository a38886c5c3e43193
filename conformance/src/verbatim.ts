// Values come back byte for byte: what the suite sent (names, SKUs, po_numbers, notes, custom
// values) and the location names the deployment lists. A deployment that changes the case of
// a name, trims or normalizes it, or re-encodes it is caught here rather than by a reader.

import { isObject } from '@warehouse-kit/spec';
import { howTheyDiffer } from './causes.js';
import { preview } from './http.js';
import type { Problems } from './problems.js';

/** A value at a simple path: `name`, `purchase_order_items[0].product_name`, `custom_values.lot_code`. */
export function valueAt(body: unknown, path: string): unknown {
  let value = body;
  for (const key of path.replace(/\[(\d+)\]/g, '.$1').split('.')) {
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isObject(value)) value = value[key];
    else return undefined;
  }
  return value;
}

/** Adds a problem for every field whose value is not exactly the one sent (objects compared as JSON). */
export function expectVerbatim(
  problems: Problems,
  body: unknown,
  expected: Record<string, unknown>,
  documented: string,
  where = '',
): void {
  for (const [path, value] of Object.entries(expected)) {
    const received = valueAt(body, path);
    const same =
      typeof value === 'object' && value !== null
        ? JSON.stringify(received) === JSON.stringify(value)
        : received === value;
    problems.expect(
      same,
      `${where}${path}`,
      () => preview(received) + howTheyDiffer(received, value),
      `${JSON.stringify(value)}, byte for byte ${documented}`,
    );
  }
}

/** Every `location_name` and `location` in a body, with its path, however deeply nested. */
export function locationNamesIn(body: unknown, path = 'body'): { path: string; value: unknown }[] {
  if (Array.isArray(body)) return body.flatMap((item, i) => locationNamesIn(item, `${path}[${i}]`));
  if (!isObject(body)) return [];
  return Object.entries(body).flatMap(([key, value]) =>
    key === 'location_name' || key === 'location'
      ? [{ path: `${path}.${key}`, value }, ...locationNamesIn(value, `${path}.${key}`)]
      : locationNamesIn(value, `${path}.${key}`),
  );
}

/** Adds a problem for every location name in `body` that is not, exactly, one the deployment lists (null is no name). */
export function expectListedLocationNames(problems: Problems, body: unknown, listed: readonly string[]): void {
  for (const { path, value } of locationNamesIn(body)) {
    if (value === null || (typeof value === 'string' && listed.includes(value))) continue;
    const near =
      typeof value === 'string' ? listed.find((name) => name.toLowerCase() === value.trim().toLowerCase()) : undefined;
    problems.add(
      path,
      preview(value) + howTheyDiffer(value, near),
      near
        ? `${JSON.stringify(near)}, byte for byte as GET /locations lists it (§2.1: the name is the value of location_name)`
        : `one of the names GET /locations lists: ${listed.map((name) => JSON.stringify(name)).join(', ')} (§2.1)`,
    );
  }
}
