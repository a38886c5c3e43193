import type { Handlers } from '../http/handler.js';
import { notImplemented } from './not-implemented.js';

export const appointmentHandlers: Pick<Handlers, 'listAppointments' | 'createAppointment' | 'getAppointment' | 'updateAppointment' | 'putAppointment'> = {
  listAppointments: notImplemented,
  createAppointment: notImplemented,
  getAppointment: notImplemented,
  updateAppointment: notImplemented,
  putAppointment: notImplemented,
};
