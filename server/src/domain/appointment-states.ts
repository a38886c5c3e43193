// Groups of appointment states the rules refer to, and the lifecycle (DECISIONS 28, 30, 31;
// the spec's `updateAppointment` description).
import { type AppointmentState, appointmentStates } from '../entities/appointment.js';

/** Not finished: their packing lists keep products from being deleted. */
export const activeStates: AppointmentState[] = ['needs_booking', 'pending', 'booked', 'arrived', 'started'];

/** Holding a confirmed dock slot: these make a purchase order one "with booked appointments". */
export const bookedStates: AppointmentState[] = ['booked', 'arrived', 'started', 'completed', 'left'];

/**
 * Every state but cancelled: an appointment in one of these books the purchase orders its packing
 * lists name, waiting for approval or long finished alike, so they stay with it (DECISIONS 140).
 */
export const holdingStates: AppointmentState[] = appointmentStates.filter((state) => state !== 'cancelled');

/** Before the truck arrives the time may still move; afterwards it is history. */
export const schedulableStates: AppointmentState[] = ['needs_booking', 'pending', 'booked'];

/** The moves a client may ask for with `state`; `left` and `cancelled` are final. */
export const stateTransitions: Record<AppointmentState, AppointmentState[]> = {
  needs_booking: ['cancelled'],
  pending: ['booked', 'cancelled'],
  booked: ['arrived', 'cancelled'],
  arrived: ['started', 'left'],
  started: ['completed'],
  completed: ['left'],
  left: [],
  cancelled: [],
};

/** The companies whose trust decides whether a requested time is booked at once. */
export interface ApprovingParties {
  carrier: { autoApproveAppointments: boolean } | null;
  customer: { autoApproveAppointments: boolean } | null;
}

/** A time makes an appointment booked unless its carrier or customer needs approval first. */
export function stateForTime(scheduledAt: Date | null, parties: ApprovingParties): AppointmentState {
  if (!scheduledAt) return 'needs_booking';
  const needsApproval = [parties.carrier, parties.customer].some(
    (company) => company && !company.autoApproveAppointments,
  );
  return needsApproval ? 'pending' : 'booked';
}

/** Why `from → to` is refused, or undefined when it is allowed (asking for the current state changes nothing). */
export function transitionProblem(from: AppointmentState, to: AppointmentState): string | undefined {
  if (from === to) return undefined;
  const allowed = stateTransitions[from];
  if (allowed.includes(to)) return undefined;
  if (allowed.length === 0) return `cannot change from ${from} to ${to}: ${from} is final`;
  return `cannot change from ${from} to ${to}; from ${from} it can only become ${allowed.join(' or ')}`;
}
