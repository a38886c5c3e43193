// Appointments (section 4.5): deliveries and pickups at a warehouse's docks, on both
// interfaces. Cancelled, never deleted (the router answers DELETE with 405).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Access } from '../domain/access.js';
import { insertAppointment, updateAppointment } from '../domain/appointments/appointment-statements.js';
import { appointmentListFilter } from '../domain/appointments/list-filter.js';
import { appointmentPage, appointmentRow, lockedAppointmentRow } from '../domain/appointments/rows.js';
import { newAppointment, planAppointment } from '../domain/appointments/write.js';
import { NotFound } from '../domain/errors.js';
import { pageRequest } from '../domain/pagination.js';
import { foundById, requirePossibleId } from '../domain/tenant-lookup.js';
import type { Location } from '../entities/location.js';
import type { HandlerInput, Handlers } from '../http/handler.js';
import { setPaginationHeaders } from '../http/pagination-headers.js';
import { readVersion } from '../http/record-versions.js';
import { renderAppointment } from '../render/appointment.js';

/**
 * Locks an appointment the user may see at the selected location (404 otherwise) and reads it
 * whole. The lock holds until the write commits, so two clients moving the same appointment at
 * once (the yard marking it arrived while the ERP cancels it) are checked one after the other
 * against the lifecycle instead of the last one silently winning.
 */
async function lockAppointment(em: EntityManager, access: Access, id: number, selected: Location | undefined) {
  const appointment = await foundById(id, 'appointment', (found) =>
    lockedAppointmentRow(em, access.organization.id, found),
  );
  return { appointment, location: access.recordLocation(appointment.locationId, selected, `appointment ${id}`) };
}

async function changeAppointment(input: HandlerInput<'updateAppointment'> | HandlerInput<'putAppointment'>) {
  const { em, access, path, query, events, ctx } = input;
  const body = input.body.appointment;
  // A location_name selects where the appointment must be; it never moves it (DECISIONS 15).
  const selected = access.selectedLocation(query.location_name, body.location_name);
  const { appointment, location } = await lockAppointment(em, access, path.id, selected);
  access.require(location, 'write');
  const before = renderAppointment(appointment, location, appointment.parts);
  const plan = await planAppointment(em, appointment, location, body, {
    party: async (companyType) => appointment[companyType],
    packingLists: appointment.packingLists,
  });
  const written = (await updateAppointment(em, appointment, plan)) ?? appointment;
  readVersion(ctx, written.version);
  const after = renderAppointment(written, location, written.parts);
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

  async createAppointment({ em, access, query, body, events, ctx }) {
    const location = access.requiredLocation(query.location_name, body.appointment.location_name, 'write');
    const plan = await planAppointment(em, newAppointment(location), location, body.appointment, {
      party: async () => null,
    });
    const row = await insertAppointment(em, location, plan);
    readVersion(ctx, row.version);
    const rendered = renderAppointment(row, location, row.parts);
    events.record({
      kind: 'appointment',
      organizationId: access.organization.id,
      after: { object: rendered, location },
    });
    return rendered;
  },

  async getAppointment({ em, access, path, query, ctx }) {
    requirePossibleId(path.id, 'appointment');
    const row = await appointmentRow(em, access.organization.id, { publicId: path.id });
    if (!row) throw new NotFound(`appointment ${path.id} not found`);
    const location = access.recordLocation(
      row.locationId,
      access.urlLocation(query.location_name),
      `appointment ${path.id}`,
    );
    readVersion(ctx, row.version);
    return renderAppointment(row, location, row.parts);
  },

  updateAppointment: changeAppointment,
  putAppointment: changeAppointment,
};
