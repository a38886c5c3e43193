// An event as a reader sees it (DECISIONS 170, 172, 173): the stored row in the CloudEvents
// envelope, its time in the record's warehouse zone, a purchase order's booked appointments only
// at the reader's locations, and the attributes before the change only for a reader who could
// see the record then. The feed and webhook deliveries use this one function.
import type { components } from '@warehouse-kit/spec';
import { zoneOf } from '../domain/time.js';
import type { Location } from '../entities/location.js';
import { renderTime } from '../render/time.js';
import type { EventCodec } from './opaque.js';
import { appointmentsVisibleAt } from './record-state.js';
import type { StoredEvent } from './rows.js';
import { collections } from './types.js';

type Event = components['schemas']['Event'];

export interface EventReader {
  organization: { id: number; subdomain: string };
  /** Makes the event's id and cursor opaque (DECISIONS 334). */
  codec: EventCodec;
  locationById(id: number): Location;
  /** The locations whose events, and whose appointments nested in orders, the reader sees. */
  locationIds: ReadonlySet<number>;
}

const seesFrom = (reader: EventReader, visibility: StoredEvent['visibility'], locationId: number | null) =>
  visibility === 'everyone' || (locationId !== null && reader.locationIds.has(locationId));

/** Whether the reader sees the event: where its record is after the change, as the lists show it. */
export const canSee = (reader: EventReader, event: StoredEvent) => seesFrom(reader, event.visibility, event.locationId);

/** The event as `reader` sees it; the caller has checked `canSee`. */
export function envelopeFor(reader: EventReader, event: StoredEvent): Event {
  const location = event.locationId === null ? null : reader.locationById(event.locationId);
  const sawBefore = event.priorVisibility === null || seesFrom(reader, event.priorVisibility, event.priorLocationId);
  const visible = <T extends object>(value: T) =>
    event.appointmentLocations ? appointmentsVisibleAt(value, event.appointmentLocations, reader.locationIds) : value;
  const { previous_attributes: previous, ...data } = event.data;
  return {
    id: reader.codec.eventId(reader.organization.id, event.id),
    specversion: '1.0',
    type: event.type,
    source: `/organizations/${reader.organization.subdomain}${location ? `/locations/${location.subdomain}` : ''}`,
    subject: `${collections[event.recordType]}/${event.recordId}`,
    time: renderTime(event.occurredAt, zoneOf(location)),
    datacontenttype: 'application/json',
    cursor: reader.codec.cursor(reader.organization.id, event),
    data: {
      object: visible(data.object),
      ...(previous && sawBefore ? { previous_attributes: visible(previous) } : {}),
      truncated: data.truncated,
    },
  } as Event;
}
