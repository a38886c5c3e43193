// A record as an event holds it: rendered exactly as the API's responses render it, by the same
// code (DECISIONS 172), with where it is; and what of an order a reader at some locations sees,
// which the feed, webhook bodies and a write's answer (present/purchase-orders.ts) all show.
import type { components } from '@warehouse-kit/spec';
import type { Location } from '../entities/location.js';
import type { RecordKind } from './types.js';

type Schemas = components['schemas'];

/** Each kind's rendering, as GET /<collection>/<id> answers it. */
export interface Rendered {
  product: Schemas['Product'];
  company: Schemas['Company'];
  appointment: Schemas['Appointment'];
  purchase_order: Schemas['PurchaseOrder'];
}

export interface RecordState<K extends RecordKind> {
  object: Rendered[K];
  /** Its location; null for organization-wide records (companies, unassigned orders). */
  location: Location | null;
  /**
   * A purchase order renders every booked appointment, whoever asks; this gives each one's
   * location, by appointment id, so each reader is shown only those at its locations.
   */
  appointmentLocations?: Record<string, number>;
}

/** `value` (an order, or the attributes it had) with only the booked appointments at `locationIds`. */
export function appointmentsVisibleAt<T extends object>(
  value: T,
  appointmentLocations: Record<string, number>,
  locationIds: ReadonlySet<number>,
): T {
  const { appointments } = value as { appointments?: { id: number }[] };
  if (!Array.isArray(appointments)) return value;
  const visible = appointments.filter((appointment) => locationIds.has(appointmentLocations[appointment.id]!));
  return { ...value, appointments: visible };
}
