import type { components } from '@warehouse-kit/spec';
import type { Appointment } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import { renderSlot } from './appointment.js';
import { renderTime } from './time.js';

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
    ...renderSlot(appointment, location.timeZone),
    duration: appointment.duration,
    dock_name: names.dock,
    carrier_name: names.carrier,
    reference_numbers: appointment.referenceNumbers,
    updated_at: renderTime(appointment.updatedAt, location.timeZone),
  };
}
