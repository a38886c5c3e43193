// What an import sends for the line items of an order that exists: a file lists the order's
// complete items, but an item the order already has stays as it is (keeping its id, its
// timestamps and the order's updated_at), a changed one is updated in place, and only what
// is left over is removed or added (nested attributes, DECISIONS 34).
import type { ItemInput } from './rows.js';

/** A line item as the API answers it. */
export interface CurrentItem {
  id: number;
  product_name: string;
  quantity: number;
  customer_name: string | null;
  custom_values: Record<string, unknown>;
}

export type ItemChange = ItemInput & { id?: number; _destroy?: true };

// The API matches product and customer names case-insensitively with spaces trimmed (§4.1,
// DECISIONS 41 and 48), so a name that differs only so is the same name.
const sameName = (a: unknown, b: unknown) =>
  typeof a === 'string' && typeof b === 'string' ? a.trim().toLowerCase() === b.trim().toLowerCase() : a === b;

/** JSON with sorted keys, so two objects with the same entries compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

// Values other than objects and arrays are stored as text (§4.6 custom fields rule 5; `4` is
// kept as "4", DECISIONS 47), so they compare as text.
const sameCustomValue = (a: unknown, b: unknown) =>
  typeof a === 'object' || typeof b === 'object' ? canonical(a) === canonical(b) : String(a) === String(b);

/**
 * The changes that make `current` what the file says: for each field the file gives, its value;
 * for a customer or a custom value the item has and the file leaves out, null, which clears it.
 */
function difference(current: CurrentItem, wanted: ItemInput): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(wanted)) {
    if (field === 'custom_values' || field === 'customer_name' || field === 'product_name') continue;
    if (canonical(value) !== canonical((current as unknown as Record<string, unknown>)[field])) changes[field] = value;
  }
  if (!sameName(current.product_name, wanted.product_name)) changes.product_name = wanted.product_name;
  const customer = wanted.customer_name ?? null;
  if (!sameName(current.customer_name ?? null, customer)) changes.customer_name = customer;
  const wantedValues = (wanted.custom_values ?? {}) as Record<string, unknown>;
  const currentValues = current.custom_values ?? {};
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wantedValues))
    if (!(key in currentValues) || !sameCustomValue(currentValues[key], value)) values[key] = value;
  for (const key of Object.keys(currentValues)) if (!(key in wantedValues)) values[key] = null;
  if (Object.keys(values).length) changes.custom_values = values;
  return changes;
}

/**
 * The `purchase_order_items` of the update that gives the order exactly the file's items, or
 * undefined when it has them already. Items are paired first with an unchanged item, then with
 * one of the same product (updated in place), in the order of both lists.
 */
export function itemChanges(current: CurrentItem[], wanted: ItemInput[]): ItemChange[] | undefined {
  const unpaired = [...current];
  const take = (found: CurrentItem | undefined) => found && unpaired.splice(unpaired.indexOf(found), 1)[0];
  const pending = wanted.filter((item) => !take(unpaired.find((c) => !Object.keys(difference(c, item)).length)));
  const changes: ItemChange[] = [];
  const added: ItemChange[] = [];
  for (const item of pending) {
    const same = take(unpaired.find((candidate) => sameName(candidate.product_name, item.product_name)));
    if (same) changes.push({ id: same.id, ...difference(same, item) });
    else added.push(item);
  }
  const removed = unpaired.map(({ id }): ItemChange => ({ id, _destroy: true }));
  const all = [...changes, ...removed, ...added];
  return all.length ? all : undefined;
}
