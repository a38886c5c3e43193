// Appointments and the booked search (§2.4, §4.6): packing lists nested in the appointment,
// and the booked search's end_time and updated_since filters.

import { isObject } from '@warehouse-kit/spec';
import { DateTime } from 'luxon';
import type { CheckRun, GroupBuilder } from '../../check.js';
import { appointmentView, bookedAppointment, bookedSearch } from '../../fixtures/appointments.js';
import { listedRecords } from '../../fixtures/created.js';
import { type Exchange, preview } from '../../http.js';
import { expectStatus, fail, Problems } from '../../problems.js';
import { receivedInstant } from '../../zones.js';

const BOOKED = '/purchase_orders/with_booked_appointments';

/** The booked search for `query` (narrowed to the run's orders by updated_since unless given), and whether it lists `id`. */
async function searched(run: CheckRun, query: Record<string, string>, id: number): Promise<[Exchange, boolean]> {
  const { assigned } = await bookedAppointment(run);
  const list = await run.ctx.send(run.ctx.admin, 'GET', BOOKED, {
    query: { updated_since: assigned.record.created_at as string, ...query },
  });
  const listed = listedRecords(list, 'with the orders whose booked appointments match (§4.6)').some((r) => r.id === id);
  return [list, listed];
}

export function defineAppointmentRecords(group: GroupBuilder): void {
  group.check(
    {
      name: 'packing_lists_nested',
      method: 'GET',
      path: '/appointments/{id}',
      status: 200,
      section: '§2.4',
      verifies: ['§2.4.packing-lists-nested'],
    },
    async (run) => {
      const { assigned, unassigned } = await bookedAppointment(run);
      const view = await appointmentView(run);
      expectStatus(view, 200, 'with the appointment (§4.5)');
      const lists = isObject(view.body) ? view.body.packing_lists : undefined;
      const numbers = Array.isArray(lists) ? lists.map((list) => (isObject(list) ? list.po_number : list)) : [];
      const sent = [assigned, unassigned].map((order) => order.record.po_number);
      new Problems(view)
        .expect(
          Array.isArray(lists) && sent.every((number) => numbers.includes(number)),
          'packing_lists',
          () => preview(lists ?? view.body),
          `the packing lists sent, naming ${sent.join(' and ')}, nested in the appointment (§2.4)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'booked_end_time_bounds_starts',
      method: 'GET',
      path: BOOKED,
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.booked.end-time'],
    },
    async (run) => {
      const { exchange, record, assigned } = await bookedAppointment(run);
      const starts = receivedInstant(record.scheduled_at);
      if (!starts)
        fail(exchange, 'scheduled_at', preview(record.scheduled_at), 'the scheduled time with its offset (§2.4)');
      // At the start: listed though the appointment ends later; a minute before it: not listed.
      for (const [minutes, included] of [
        [0, true],
        [-1, false],
      ] as const) {
        const end_time = starts.plus({ minutes }).toUTC().toISO({ suppressMilliseconds: true })!;
        const [list, listed] = await searched(run, { end_time }, assigned.record.id);
        new Problems(list)
          .expect(
            listed === included,
            'body',
            `order ${assigned.record.id} ${listed ? 'listed' : 'missing'}`,
            `order ${assigned.record.id} (appointment starting ${record.scheduled_at}, ending later) ` +
              `${included ? 'listed' : 'not listed'} for end_time ${end_time}: appointments starting at or before ` +
              'it, whatever their finish time (§4.6)',
          )
          .throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'booked_updated_since_filters',
      method: 'GET',
      path: BOOKED,
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.booked.updated-since'],
    },
    async (run) => {
      const { assigned } = await bookedAppointment(run);
      const id = assigned.record.id;
      const search = await bookedSearch(run);
      const since = listedRecords(search, 'with the orders updated since (§4.6)').some((r) => r.id === id);
      new Problems(search)
        .expect(
          since,
          'body',
          `order ${id} missing`,
          `order ${id}, created at ${assigned.record.created_at}: updated_since that time includes it (§4.6)`,
        )
        .throwIfAny();
      const later = DateTime.utc().plus({ hours: 1 }).toISO({ suppressMilliseconds: true })!;
      const [list, listed] = await searched(run, { updated_since: later }, id);
      new Problems(list)
        .expect(
          !listed,
          'body',
          `order ${id} listed`,
          `no order ${id}: it was not created or updated since ${later} (§4.6)`,
        )
        .throwIfAny();
    },
  );
}
