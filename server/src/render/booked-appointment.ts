import type { components } from '@warehouse-kit/spec';
import type { Appointment } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import { renderSlot } from './appointment.js';
import { renderTime } from './time.js';

/** A booked appointment nested in a purchase order, in its own warehouse's zone, with the `location` alias. */
/** What a nested booked appointment shows: a few of its fields and its dock's and carrier's names. */
export type BookedAppointmentView = Pick<
  Appointment,
  'publicId' | 'state' | 'duration' | 'referenceNumbers' | 'updatedAt'
> & {
  scheduledAt: Date;
  dockName: string | null;
  carrierName: string | null;
};

export function renderBookedAppointment(
  appointment: BookedAppointmentView,
  location: Location,
): components['schemas']['BookedAppointment'] {
  return {
    id: appointment.publicId,
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
