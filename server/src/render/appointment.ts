import type { components } from '@warehouse-kit/spec';
import type { Appointment, PackingList } from '../entities/appointment.js';
import type { Company } from '../entities/company.js';
import type { Dock } from '../entities/dock.js';
import type { Location } from '../entities/location.js';
import { renderNullableTime, renderTime } from './time.js';

type Schemas = components['schemas'];

/** What rendering appointments needs besides their rows, by appointment, dock and company id. */
export interface AppointmentRelations {
  packingLists: Map<number, PackingList[]>;
  docks: Map<number, Dock>;
  companies: Map<number, Company>;
}

function renderPackingList(list: PackingList, zone: string): Schemas['PackingList'] {
  return {
    id: list.id,
    po_number: list.poNumber ?? null,
    product_name: list.productName,
    quantity: list.quantity,
    received_quantity: list.receivedQuantity ?? null,
    created_at: renderTime(list.createdAt, zone),
    updated_at: renderTime(list.updatedAt, zone),
  };
}

type Slot<T> = { scheduled_at: T; ends_at: T };

/** When an appointment starts and ends (start plus `duration` minutes), in `zone`; null when unscheduled. */
export function renderSlot(appointment: { scheduledAt: Date; duration: number }, zone: string): Slot<string>;
export function renderSlot(
  appointment: Pick<Appointment, 'scheduledAt' | 'duration'>,
  zone: string,
): Slot<string | null>;
export function renderSlot(
  appointment: Pick<Appointment, 'scheduledAt' | 'duration'>,
  zone: string,
): Slot<string | null> {
  const endsAt = appointment.scheduledAt
    ? new Date(appointment.scheduledAt.getTime() + appointment.duration * 60_000)
    : null;
  return { scheduled_at: renderNullableTime(appointment.scheduledAt, zone), ends_at: renderNullableTime(endsAt, zone) };
}

/** Rendered in the warehouse's zone; `location` repeats `location_name` for older integrations (section 9). */
export function renderAppointment(
  appointment: Appointment,
  location: Location,
  relations: AppointmentRelations,
): Schemas['Appointment'] {
  const zone = location.timeZone;
  const nameOf = (id: number | null | undefined, names: Map<number, { name: string }>) =>
    id ? (names.get(id)?.name ?? null) : null;
  return {
    id: appointment.id,
    location_name: location.name,
    location: location.name,
    state: appointment.state,
    appointment_type: appointment.appointmentType,
    ...renderSlot(appointment, zone),
    duration: appointment.duration,
    dock_name: nameOf(appointment.dockId, relations.docks),
    carrier_name: nameOf(appointment.carrierId, relations.companies),
    customer_name: nameOf(appointment.customerId, relations.companies),
    reference_numbers: appointment.referenceNumbers,
    notes: appointment.notes ?? null,
    packing_lists: (relations.packingLists.get(appointment.id) ?? []).map((list) => renderPackingList(list, zone)),
    created_at: renderTime(appointment.createdAt, zone),
    updated_at: renderTime(appointment.updatedAt, zone),
  };
}
