// Appointments (section 4.5): deliveries and pickups at a warehouse's docks, on both
// interfaces. Cancelled, never deleted (the router answers DELETE with 405).
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { appointmentListFilter } from '../domain/appointments/list-filter.js';
import { appointmentPage, appointmentRowById, loadAppointmentParts } from '../domain/appointments/rows.js';
import { changeAppointment, createAppointmentAt } from '../domain/appointments/write.js';
import { NotFound } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { requirePossibleId } from '../domain/tenant-lookup.js';
import { Appointment } from '../entities/appointment.js';
import type { Location } from '../entities/location.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import { renderAppointment } from '../render/appointment.js';

/**
 * Finds an appointment the user may see at the selected location (404 otherwise). Updates
 * lock the row until they commit, so two clients moving the same appointment at once (the
 * yard marking it arrived while the ERP cancels it) are checked one after the other against
 * the lifecycle instead of the last one silently winning.
 */
async function findAppointment(
  em: EntityManager,
  access: Access,
  id: number,
  selected: Location | undefined,
  lockMode?: LockMode,
) {
  requirePossibleId(id, 'appointment');
  const appointment = await em.findOne(
    Appointment,
    { id, organizationId: access.organization.id },
    lockMode ? { lockMode } : {},
  );
  if (!appointment) throw new NotFound(`appointment ${id} not found`);
  return { appointment, location: access.recordLocation(appointment.locationId, selected, `appointment ${id}`) };
}

async function renderOne(em: EntityManager, appointment: Appointment, location: Location) {
  return renderAppointment(appointment, location, await loadAppointmentParts(em, appointment));
}

async function updateAppointment(input: HandlerInput<'updateAppointment'> | HandlerInput<'putAppointment'>) {
  const { em, access, path, query, events } = input;
  const body = input.body.appointment;
  // A location_name selects where the appointment must be; it never moves it (DECISIONS 15).
  const selected = access.selectedLocation(query.location_name, body.location_name);
  const { appointment, location } = await findAppointment(em, access, path.id, selected, LockMode.PESSIMISTIC_WRITE);
  access.require(location, 'write');
  const before = await renderOne(em, appointment, location);
  await changeAppointment(em, appointment, location, body);
  const after = await renderOne(em, appointment, location);
  events.recordUpdate('appointment', access.organization.id, location, before, after);
  return after;
}

export const appointmentHandlers: Pick<
  Handlers,
  'listAppointments' | 'createAppointment' | 'getAppointment' | 'updateAppointment' | 'putAppointment'
> = {
  async listAppointments({ em, access, query, ctx }) {
    const page = pageRequest(query);
    const { where, counted } = appointmentListFilter(access, query);
    const { rows, total } = await appointmentPage(em, where, page, counted);
    setPaginationHeaders(ctx, page, total);
    return rows.map((row) => renderAppointment(row, access.locationById(row.locationId), row.parts));
  },

  async createAppointment({ em, access, query, body, events }) {
    const location = access.requiredLocation(query.location_name, body.appointment.location_name, 'write');
    const appointment = await createAppointmentAt(em, location, body.appointment);
    const rendered = await renderOne(em, appointment, location);
    events.record({
      kind: 'appointment',
      organizationId: access.organization.id,
      after: { object: rendered, location },
    });
    return rendered;
  },

  async getAppointment({ em, access, path, query, ctx }) {
    requirePossibleId(path.id, 'appointment');
    const row = await appointmentRowById(em, access.organization.id, path.id);
    if (!row) throw new NotFound(`appointment ${path.id} not found`);
    const location = access.recordLocation(
      row.locationId,
      access.urlLocation(query.location_name),
      `appointment ${path.id}`,
    );
    readVersion(ctx, row.version);
    return renderAppointment(row, location, row.parts);
  },

  updateAppointment,
  putAppointment: updateAppointment,
};
