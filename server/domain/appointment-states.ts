// Groups of appointment states the rules refer to (DECISIONS 28, 30, 31).
import type { AppointmentState } from '../entities/appointment.js';

/** Not finished: their packing lists keep products from being deleted. */
export const activeStates: AppointmentState[] = ['needs_booking', 'pending', 'booked', 'arrived', 'started'];

/** Holding a confirmed dock slot: these make a purchase order one "with booked appointments". */
export const bookedStates: AppointmentState[] = ['booked', 'arrived', 'started', 'completed', 'left'];
