// The events of one transaction (DECISIONS 171–173): writes say what changed, as the record's
// rendering before and after; the log works out the events and writes them all in one statement,
// the transaction's last before its COMMIT (DECISIONS 471), so an event exists exactly when its
// change does.
import { isDeepStrictEqual } from 'node:util';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Location } from '../entities/location.js';
import { rows } from '../sql/statements.js';
import type { RecordState, Rendered } from './record-state.js';
import { type EventData, insertEventsSql, type NewEvent, type Visibility } from './rows.js';
import type { EventType, RecordKind } from './types.js';

/** The most JSON an event's data may hold (DECISIONS 172). */
export const MAX_EVENT_DATA_BYTES = 256 * 1024;

/** A change of one record: no `before` for a creation, no `after` for a deletion. */
export interface Change<K extends RecordKind> {
  kind: K;
  organizationId: number;
  before?: RecordState<K>;
  after?: RecordState<K>;
}

const visibilityOf = (location: Location | null): Visibility => (location ? 'location' : 'everyone');

/** Each top-level attribute whose rendering changed, with its rendering before; undefined when none did. */
function previousAttributes(before: object, after: object): Record<string, unknown> | undefined {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const changed = Object.keys(is).filter((key) => !isDeepStrictEqual(was[key], is[key]));
  return changed.length ? Object.fromEntries(changed.map((key) => [key, was[key]])) : undefined;
}

/** The event that comes with `created` or `updated`: where an order went, or the state an appointment entered. */
function transitionOf<K extends RecordKind>(change: Change<K>): EventType | undefined {
  const { kind, before, after } = change;
  if (!after) return undefined;
  if (kind === 'purchase_order' && before) {
    const [from, to] = [before.location?.id, after.location?.id];
    if (from === to) return undefined;
    if (from === undefined) return 'purchase_order.assigned';
    return to === undefined ? 'purchase_order.unassigned' : 'purchase_order.moved';
  }
  if (kind === 'appointment') {
    const state = (after as RecordState<'appointment'>).object.state;
    if (state !== (before as RecordState<'appointment'> | undefined)?.object.state) return `appointment.${state}`;
  }
  return undefined;
}

/** The data as the size bound allows: without `previous_attributes`, then with only the record's id. */
function bounded(data: EventData): EventData {
  const fits = (candidate: EventData) => Buffer.byteLength(JSON.stringify(candidate)) <= MAX_EVENT_DATA_BYTES;
  if (fits(data)) return data;
  const { previous_attributes: _dropped, ...whole } = data;
  if (fits(whole)) return whole;
  return { object: { id: data.object.id }, truncated: true };
}

/** The events of one change, in order: created, updated or deleted first, then the transition. */
export function eventsOf<K extends RecordKind>(change: Change<K>): NewEvent[] {
  const { kind, before, after } = change;
  const seen = (after ?? before)!;
  const previous = before && after ? previousAttributes(before.object, after.object) : undefined;
  if (before && after && !previous) return [];
  const action = !before ? 'created' : !after ? 'deleted' : 'updated';
  const types = [`${kind}.${action}` as EventType, transitionOf(change)].filter((type) => type !== undefined);
  // Who could see the record before a change of its location; otherwise the same readers as now.
  const moved = before && after && (before.location?.id ?? null) !== (after.location?.id ?? null);
  const appointmentLocations =
    before?.appointmentLocations || after?.appointmentLocations
      ? { ...before?.appointmentLocations, ...after?.appointmentLocations }
      : null;
  const data = bounded({
    object: seen.object as EventData['object'],
    ...(previous ? { previous_attributes: previous } : {}),
    truncated: false,
  });
  return types.map((type) => ({
    organizationId: change.organizationId,
    type,
    recordType: kind,
    recordId: seen.object.id,
    locationId: seen.location?.id ?? null,
    visibility: visibilityOf(seen.location),
    priorLocationId: moved ? (before.location?.id ?? null) : null,
    priorVisibility: moved ? visibilityOf(before.location) : null,
    appointmentLocations: data.truncated ? null : appointmentLocations,
    data,
  }));
}

export class EventLog {
  private readonly pending: NewEvent[] = [];

  record<K extends RecordKind>(change: Change<K>): void {
    this.pending.push(...eventsOf(change));
  }

  /** A record changed where it is (it cannot move): its rendering before and after, at `location`. */
  recordUpdate<K extends RecordKind>(
    kind: K,
    organizationId: number,
    location: Location | null,
    before: Rendered[K],
    after: Rendered[K],
  ): void {
    this.record({ kind, organizationId, before: { object: before, location }, after: { object: after, location } });
  }

  /**
   * Writes the events recorded so far, in one statement, in the transaction `em` is in, as the
   * last of its changes: they commit with it or not at all.
   */
  async write(em: EntityManager): Promise<void> {
    const events = this.pending.splice(0);
    if (events.length > 0) await rows(em, insertEventsSql(events));
  }
}
