import type { components } from '../../spec/openapi-types.js';
import type { Appointment } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import { renderTime } from '../domain/time.js';

const MINUTE = 60_000;

/** A booked appointment nested in a purchase order, in its own warehouse's zone, with the `location` alias. */
export function renderBookedAppointment(
  appointment: Appointment & { scheduledAt: Date },
  location: Location,
  names: { dock: string | null; carrier: string | null },
): components['schemas']['BookedAppointment'] {
  return {
    id: appointment.id,
    location_name: location.name,
    location: location.name,
    state: appointment.state,
    scheduled_at: renderTime(appointment.scheduledAt, location.timeZone),
    ends_at: renderTime(new Date(appointment.scheduledAt.getTime() + appointment.duration * MINUTE), location.timeZone),
    duration: appointment.duration,
    dock_name: names.dock,
    carrier_name: names.carrier,
    reference_numbers: appointment.referenceNumbers,
    updated_at: renderTime(appointment.updatedAt, location.timeZone),
  };
}
