// The event types and the kinds of record they are about, read from the spec (DECISIONS 170),
// and the `types` filter of the feed (DECISIONS 176).
import type { components } from '@warehouse-kit/spec';
import { specEnum } from '@warehouse-kit/spec/enums';
import { BadInput } from '../domain/errors.js';

export type EventType = components['schemas']['EventType'];

/** The records that have events, as the first part of their types names them. */
export type RecordKind = 'product' | 'company' | 'appointment' | 'purchase_order';

export const eventTypes: readonly EventType[] = specEnum('EventType');

/** Each kind's collection, which names its records in an event's `subject`. */
export const collections: Record<RecordKind, string> = {
  product: 'products',
  company: 'companies',
  appointment: 'appointments',
  purchase_order: 'purchase_orders',
};

/**
 * The types a `types` parameter selects: comma-separated exact types, `<kind>.*` or `*`.
 * Undefined when it selects every type, so the feed needs no filter; BadInput naming an
 * entry that selects nothing.
 */
export function selectedTypes(parameter: string | undefined): EventType[] | undefined {
  if (parameter === undefined) return undefined;
  const selected = new Set<EventType>();
  for (const entry of parameter.split(',').map((part) => part.trim())) {
    const matches =
      entry === '*'
        ? eventTypes
        : entry.endsWith('.*')
          ? eventTypes.filter((type) => type.startsWith(entry.slice(0, -1)))
          : eventTypes.filter((type) => type === entry);
    if (matches.length === 0) {
      throw new BadInput(
        `types: ${JSON.stringify(entry)} is not an event type, <kind>.* or *; the kinds are ${Object.keys(collections).join(', ')}`,
      );
    }
    for (const type of matches) selected.add(type);
  }
  return selected.size === eventTypes.length ? undefined : [...selected];
}
