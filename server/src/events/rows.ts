// Events as the `events` table holds them (DECISIONS 171–173): the whole record as the API
// renders it, where the event is seen, and who could see the record before a change of
// location. Written by the transaction that makes the change, all of its events at once.
import { type Sql, sql } from '../sql/statements.js';
import type { EventType, RecordKind } from './types.js';

/** `location`: readers of `location_id`; `everyone`: every reader in the organization. */
export type Visibility = 'location' | 'everyone';

export interface EventData {
  object: { id: number } & Record<string, unknown>;
  previous_attributes?: Record<string, unknown>;
  truncated: boolean;
}

export interface NewEvent {
  organizationId: number;
  type: EventType;
  recordType: RecordKind;
  recordId: number;
  locationId: number | null;
  visibility: Visibility;
  /** Where the record could be seen before the change, when a change of location altered it. */
  priorLocationId: number | null;
  priorVisibility: Visibility | null;
  /** A purchase order's nested booked appointments' locations, by appointment id. */
  appointmentLocations: Record<string, number> | null;
  data: EventData;
}

export interface StoredEvent extends Omit<NewEvent, 'organizationId'> {
  /** bigint and xid8, as decimal text. */
  id: string;
  txid: string;
  occurredAt: Date;
}

/**
 * The statement that inserts `events`, whatever their number (a bulk upload's tens of thousands
 * included): one JSON parameter read as rows, in order, so ids follow it. json, not jsonb, keeps
 * each record's attributes in the order the API renders them.
 */
export function insertEventsSql(events: NewEvent[]): Sql {
  const rows = events.map((event) => ({
    organization_id: event.organizationId,
    type: event.type,
    record_type: event.recordType,
    record_id: event.recordId,
    location_id: event.locationId,
    visibility: event.visibility,
    prior_location_id: event.priorLocationId,
    prior_visibility: event.priorVisibility,
    appointment_locations: event.appointmentLocations,
    data: event.data,
  }));
  return sql`insert into events (organization_id, type, record_type, record_id, location_id, visibility,
        prior_location_id, prior_visibility, appointment_locations, data)
      select organization_id, type, record_type, record_id, location_id, visibility,
        prior_location_id, prior_visibility, appointment_locations, data
      from rows from (json_to_recordset(${JSON.stringify(rows)}::json) as (organization_id int, type text, record_type text,
        record_id int, location_id int, visibility text, prior_location_id int, prior_visibility text,
        appointment_locations jsonb, data json)) with ordinality as e
      order by e.ordinality`;
}

/** The columns a reader needs, named as StoredEvent's fields, for a statement's `e`. */
export const storedEventColumns = `e.id::text as id, e.txid::text as txid, e.type, e.record_type as "recordType",
  e.record_id as "recordId", e.location_id as "locationId", e.visibility,
  e.prior_location_id as "priorLocationId", e.prior_visibility as "priorVisibility",
  e.appointment_locations as "appointmentLocations", e.occurred_at as "occurredAt", e.data`;
