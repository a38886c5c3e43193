// An appointment in a final state (`left`, `cancelled`) records what happened, so its fields
// no longer change; only `notes` may, for remarks after the fact (DECISIONS 68). Values sent
// back unchanged are not changes (DECISIONS 39), so a client may still PUT the record it read.
import { isDeepStrictEqual } from 'node:util';
import type { components } from '@warehouse-kit/spec';
import { stateTransitions } from '../appointment-states.js';
import type { StoredAppointment } from './row-shapes.js';

type AppointmentUpdate = components['schemas']['AppointmentUpdate'];

/** What the request resolved its names to; undefined where it sent nothing. */
export interface ResolvedChanges {
  dockId: number | null | undefined;
  carrierId: number | null;
  customerId: number | null;
  packingListsChange: boolean;
}

/** The fields a request would change on a final appointment, each with why it may not. */
export function finalStateProblems(
  appointment: StoredAppointment,
  input: AppointmentUpdate,
  resolved: ResolvedChanges,
): [string, string][] {
  if (stateTransitions[appointment.state].length > 0) return [];
  const changed = {
    appointment_type: input.appointment_type !== undefined && input.appointment_type !== appointment.appointmentType,
    duration: input.duration !== undefined && input.duration !== appointment.duration,
    dock_name: resolved.dockId !== undefined && resolved.dockId !== appointment.dockId,
    carrier_name: input.carrier_name !== undefined && resolved.carrierId !== appointment.carrierId,
    customer_name: input.customer_name !== undefined && resolved.customerId !== appointment.customerId,
    reference_numbers:
      input.reference_numbers !== undefined &&
      !isDeepStrictEqual(input.reference_numbers, appointment.referenceNumbers),
    packing_lists: resolved.packingListsChange,
  };
  const why = `cannot change: the appointment is ${appointment.state}, which is final (only notes may change)`;
  return Object.entries(changed).flatMap(([field, change]) => (change ? [[field, why] as [string, string]] : []));
}
