import type { components } from '@warehouse-kit/spec';
import type { BookedAppointmentRow } from '../domain/purchase-orders/booked-appointments.js';
import type { Location } from '../entities/location.js';
import { renderSlot } from './appointment.js';
import { renderTime } from './time.js';

/** A booked appointment nested in a purchase order, in its own warehouse's zone, with the `location` alias. */
export function renderBookedAppointment(
  appointment: BookedAppointmentRow,
  location: Location,
): components['schemas']['BookedAppointment'] {
  return {
    id: appointment.id,
    location_name: location.name,
    location: location.name,
    state: appointment.state,
    ...renderSlot(appointment, location.timeZone),
    duration: appointment.duration,
    dock_name: appointment.dockName,
    carrier_name: appointment.carrierName,
    reference_numbers: appointment.referenceNumbers,
    updated_at: renderTime(appointment.updatedAt, location.timeZone),
  };
}
