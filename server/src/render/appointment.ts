import type { components } from '@warehouse-kit/spec';
import type { AppointmentFields, AppointmentParts, PackingListView } from '../domain/appointments/row-shapes.js';
import type { Appointment } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import { renderNullableTime, renderTime } from './time.js';

type Schemas = components['schemas'];

const noParts: AppointmentParts = { dockName: null, carrierName: null, customerName: null, packingLists: [] };

function renderPackingList(list: PackingListView, zone: string): Schemas['PackingList'] {
  return {
    id: list.publicId,
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
  appointment: AppointmentFields,
  location: Location,
  parts: AppointmentParts = noParts,
): Schemas['Appointment'] {
  const zone = location.timeZone;
  return {
    id: appointment.publicId,
    location_name: location.name,
    location: location.name,
    state: appointment.state,
    appointment_type: appointment.appointmentType,
    ...renderSlot(appointment, zone),
    duration: appointment.duration,
    dock_name: parts.dockName,
    carrier_name: parts.carrierName,
    customer_name: parts.customerName,
    reference_numbers: appointment.referenceNumbers,
    notes: appointment.notes ?? null,
    packing_lists: parts.packingLists.map((list) => renderPackingList(list, zone)),
    created_at: renderTime(appointment.createdAt, zone),
    updated_at: renderTime(appointment.updatedAt, zone),
  };
}
