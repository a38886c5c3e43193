// Assigning and unassigning purchase orders (§3, §4.6 update rules 1 and 2), and an appointment
// that stays where it is (§3): part of the location rules.

import { isObject } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../check.js';
import { bookedAppointment } from '../fixtures/appointments.js';
import { readOnlyAssignment, unassignments } from '../fixtures/changed-orders.js';
import { listedName } from '../fixtures/locations.js';
import { preview } from '../http.js';
import { secondLocation } from '../needs.js';
import { expectStatus, Problems } from '../problems.js';
import { expectVerbatim } from '../verbatim.js';
import { expectedInstant, receivedInstant } from '../zones.js';

export function defineAssignments(group: GroupBuilder): void {
  group.check(
    {
      name: 'unassigned_order_assigned',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§3',
      verifies: ['§3.assign-unassigned', '§4.6.update.rule-1.known'],
    },
    async ({ ctx }) => {
      const { assigned, sent } = await unassignments(ctx);
      const body = isObject(assigned.body) ? assigned.body : {};
      const problems = new Problems(assigned);
      expectVerbatim(problems, body, { location_name: await listedName(ctx, ctx.home) }, 'the destination (§3)');
      const expected = expectedInstant(sent, ctx.home.time_zone);
      problems.expect(
        receivedInstant(body.expected_starts_at)?.toMillis() === expected.toMillis(),
        'expected_starts_at',
        () => `${preview(body.expected_starts_at)} for ${sent}`,
        `${expected.toISO({ suppressMilliseconds: true })}: ${sent} read in ${ctx.home.time_zone}, ` +
          "the destination warehouse's zone now applies (§3)",
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'null_or_empty_location_unassigns',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§3',
      verifies: ['§3.unassign', '§4.6.update.rule-1.blank'],
    },
    async ({ ctx }) => {
      const { byNull, byEmpty } = await unassignments(ctx);
      for (const [value, update] of [
        [null, byNull],
        ['', byEmpty],
      ] as const) {
        const documented = `for location_name ${JSON.stringify(value)} on an order at ${ctx.home.name} (§3)`;
        expectStatus(update, 200, documented);
        const received = isObject(update.body) ? update.body.location_name : undefined;
        new Problems(update)
          .expect(
            received === null,
            'location_name',
            () => preview(received),
            `null: location_name ${JSON.stringify(value)} unassigns the order (§3, §4.6 update rule 1)`,
          )
          .throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'unassigned_order_needs_destination_only',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.update.rule-2.unassigned'],
    },
    async (run) => {
      const { destination, update } = await readOnlyAssignment(run);
      expectStatus(
        update,
        200,
        `for an unassigned order assigned to ${destination.name} by a token that may write there but is ` +
          `read-only at ${run.ctx.readOnly!.location}: an unassigned order needs access only to the destination (§4.6 update rule 2)`,
      );
    },
  );

  group.check(
    {
      name: 'appointment_never_moves',
      method: 'GET',
      path: '/appointments/{id}',
      status: 200,
      section: '§3',
      verifies: ['§3.appointments-and-products-stay'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const { record } = await bookedAppointment(run);
      await ctx.send(ctx.admin, 'PATCH', '/appointments/{id}', {
        path: { id: record.id },
        body: { appointment: { location_name: other.name } },
      });
      const afterwards = await ctx.send(ctx.admin, 'GET', '/appointments/{id}', { path: { id: record.id } });
      expectStatus(afterwards, 200, 'with the appointment (§4.5)');
      const problems = new Problems(afterwards);
      expectVerbatim(
        problems,
        afterwards.body,
        { location_name: await listedName(ctx, ctx.home) },
        `after an update naming ${other.name}: changing location_name on an appointment does not move it (§3)`,
      );
      problems.throwIfAny();
    },
  );
}
