// Appointments the API refuses (§2.4, §4.1 rule 4, §4.5): a create without a location, and a
// delete, which is not supported.
import type { GroupBuilder } from '../../check.js';
import { appointmentDeletion, requireAppointments } from '../../fixtures/appointments.js';
import { preview } from '../../http.js';
import { expectLocationNameRequired, expectStatus, Problems } from '../../problems.js';
import { datesAroundChange, offsetLess } from '../../zones.js';

export function defineAppointmentRefusals(group: GroupBuilder): void {
  group.check(
    {
      name: 'missing_location_name_rejected',
      method: 'POST',
      path: '/appointments',
      status: 400,
      section: '§4.1',
      verifies: ['§2.4.location-required-on-create', '§4.1.rule-4.absent', '§4.1.appointments'],
    },
    async (run) => {
      const { ctx } = run;
      requireAppointments(run, 'sends an appointment that a deployment accepting it would create');
      const { before } = datesAroundChange(ctx.home.time_zone);
      const create = await ctx.send(ctx.admin, 'POST', '/appointments', {
        body: {
          appointment: { scheduled_at: offsetLess(before), duration: 60, notes: ctx.name('appointment nowhere') },
        },
      });
      expectLocationNameRequired(create, 'an appointment');
    },
  );

  group.check(
    {
      name: 'appointment_not_deleted',
      method: 'DELETE',
      path: '/appointments/{id}',
      status: 405,
      section: '§4.5',
      verifies: ['§4.5.no-delete'],
    },
    async (run) => {
      const { deletion, afterwards } = await appointmentDeletion(run);
      new Problems(deletion)
        .expect(
          deletion.status >= 400 && deletion.status < 500,
          'status',
          () => `${deletion.status} ${preview(deletion.body)}`,
          'a refusal: appointment deletion is not supported (§4.5)',
        )
        .throwIfAny();
      expectStatus(afterwards, 200, 'for the appointment a refused delete left in place (§4.5)');
    },
  );
}
