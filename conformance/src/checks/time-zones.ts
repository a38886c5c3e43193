// Time zones (§3, §4.6 "Dates and time zones", §8 "Timestamps in responses"): offset-less
// input is read in the effective warehouse's zone (UTC when unassigned, the destination on a
// move); explicit offsets win; responses are rendered in the entity's own zone, daylight
// saving applied, whatever location filter the request used. Checked on purchase orders and
// products, which the run can delete, with dates on both sides of a daylight-saving change.

import { isObject } from '@warehouse-kit/spec';
import { epochInstead, offsetInstead, readInstead } from '../causes.js';
import type { CheckGroup } from '../check.js';
import { bookedAppointment, bookedSearch } from '../fixtures/appointments.js';
import { blankUnassignedOrder, movedOrder, updatedOrder, updatedRecord } from '../fixtures/changed-orders.js';
import { listedRecords } from '../fixtures/created.js';
import { productsAcross } from '../fixtures/products.js';
import { assignedOrder, createOrder, unassignedInFilteredList, unassignedOrder } from '../fixtures/purchase-orders.js';
import { preview } from '../http.js';
import { expectStatus, fail, Problems } from '../problems.js';
import { datesAroundChange, expectedInstant, offsetLess, offsetOf, receivedInstant, zoneOffset } from '../zones.js';

const UTC = 'UTC';
const TIMESTAMP_FIELDS = ['created_at', 'updated_at'];

/** The instant received is the one `sent` means when offset-less times are read in `zone`. */
function expectReadIn(
  problems: Problems,
  field: string,
  sent: string,
  received: unknown,
  zone: string,
  documented: string,
): void {
  const expected = expectedInstant(sent, zone);
  const time = receivedInstant(received);
  problems.expect(
    time !== undefined && time.toMillis() === expected.toMillis(),
    field,
    () => `${preview(received)} for ${sent}${time ? readInstead(sent, time, zone) : epochInstead(received)}`,
    `${expected.toISO({ suppressMilliseconds: true })}: ${sent} read in ${zone} (${documented})`,
  );
}

/** A date-time rendered with the offset `zone` has at that instant. */
function expectRenderedIn(
  problems: Problems,
  field: string,
  received: unknown,
  zone: string,
  documented: string,
): void {
  const time = receivedInstant(received);
  if (!time) {
    problems.add(field, preview(received) + epochInstead(received), `an ISO 8601 date-time with a UTC offset (§8)`);
    return;
  }
  const offset = zoneOffset(zone, time);
  problems.expect(
    offsetOf(received as string) === offset,
    field,
    () => preview(received) + offsetInstead(time.offset, zone, time),
    `${time.setZone(zone).toISO({ suppressMilliseconds: true })}, ` +
      `offset ${offset} of ${zone} at that instant (${documented})`,
  );
}

function expectTimestampsIn(
  problems: Problems,
  record: Record<string, unknown>,
  where: string,
  zone: string,
  documented: string,
): void {
  for (const field of TIMESTAMP_FIELDS) expectRenderedIn(problems, `${where}${field}`, record[field], zone, documented);
}

const dstNote = (zone: string, hasChange: boolean) =>
  hasChange ? `dates either side of ${zone}'s next daylight-saving change` : `${zone} has no daylight-saving change`;

export const timeZones: CheckGroup = {
  name: 'time-zones',
  title: 'Time zones',
  basis: 'reference',
  define(group) {
    group.check(
      {
        name: 'offset_less_input_read_in_warehouse_zone',
        method: 'POST',
        path: '/purchase_orders',
        status: 200,
        section: '§4.6',
        verifies: [
          '§4.6.zones.assigned',
          '§3.create-assigned',
          '§8.timestamps.input',
          '§2.3.expected-starts-at',
          '§2.3.expected-ends-at',
        ],
      },
      async ({ ctx }) => {
        const { exchange, record, dates } = await assignedOrder(ctx);
        const problems = new Problems(exchange);
        expectReadIn(
          problems,
          'expected_starts_at',
          offsetLess(dates.before),
          record.expected_starts_at,
          ctx.home.time_zone,
          "the assigned location's zone, §4.6",
        );
        expectReadIn(
          problems,
          'expected_ends_at',
          offsetLess(dates.after),
          record.expected_ends_at,
          ctx.home.time_zone,
          "the assigned location's zone, §4.6",
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'rendered_in_entity_zone',
        method: 'POST',
        path: '/purchase_orders',
        status: 200,
        section: '§8',
        verifies: [
          '§8.timestamps.entity-zone',
          '§8.timestamps.daylight-saving',
          '§8.timestamps.offset',
          '§2.3.response-timestamps',
        ],
      },
      async ({ ctx }) => {
        const { exchange, record, dates } = await assignedOrder(ctx);
        const zone = ctx.home.time_zone;
        const documented = `§8, ${dstNote(zone, dates.hasChange)}`;
        const problems = new Problems(exchange);
        expectRenderedIn(problems, 'expected_starts_at', record.expected_starts_at, zone, documented);
        expectRenderedIn(problems, 'expected_ends_at', record.expected_ends_at, zone, documented);
        expectTimestampsIn(problems, record, '', zone, '§8');
        const items = Array.isArray(record.purchase_order_items) ? record.purchase_order_items : [];
        for (const [i, item] of items.entries()) {
          if (isObject(item)) {
            expectTimestampsIn(
              problems,
              item,
              `purchase_order_items[${i}].`,
              zone,
              "§8: nested times in the order's zone",
            );
          }
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'unassigned_input_read_as_utc',
        method: 'POST',
        path: '/purchase_orders',
        status: 200,
        section: '§3',
        verifies: ['§3.create-unassigned', '§4.6.zones.unassigned', '§8.timestamps.input'],
      },
      async ({ ctx }) => {
        const { exchange, record, dates } = await unassignedOrder(ctx);
        const problems = new Problems(exchange);
        expectReadIn(
          problems,
          'expected_starts_at',
          offsetLess(dates.before),
          record.expected_starts_at,
          UTC,
          '§3: an unassigned order reads offset-less times as UTC',
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'unassigned_rendered_in_utc',
        method: 'POST',
        path: '/purchase_orders',
        status: 200,
        section: '§8',
        verifies: ['§8.timestamps.unassigned-utc'],
      },
      async ({ ctx }) => {
        const { exchange, record } = await unassignedOrder(ctx);
        const problems = new Problems(exchange);
        for (const field of ['expected_starts_at', 'expected_ends_at', ...TIMESTAMP_FIELDS]) {
          expectRenderedIn(problems, field, record[field], UTC, '§8: an entity with no location is rendered in UTC');
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'explicit_offset_wins',
        method: 'POST',
        path: '/purchase_orders',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.zones.explicit-offset', '§2.3.expected-starts-at'],
      },
      async ({ ctx }) => {
        const { before, after } = datesAroundChange(ctx.home.time_zone);
        // An offset no warehouse is likely to have, and Z.
        const starts = `${offsetLess(before)}+05:45`;
        const ends = `${offsetLess(after.toUTC())}Z`;
        const { exchange, record } = await createOrder(ctx, 'order with explicit offsets', {
          location_name: ctx.home.name,
          expected_starts_at: starts,
          expected_ends_at: ends,
        });
        const problems = new Problems(exchange);
        expectReadIn(
          problems,
          'expected_starts_at',
          starts,
          record.expected_starts_at,
          ctx.home.time_zone,
          '§4.6: an explicit offset takes precedence',
        );
        expectReadIn(
          problems,
          'expected_ends_at',
          ends,
          record.expected_ends_at,
          ctx.home.time_zone,
          '§4.6: Z takes precedence',
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'update_reads_current_zone',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.zones.update-without-location', '§3.location-omitted'],
      },
      async ({ ctx }) => {
        const changed = await updatedOrder(ctx);
        const body = updatedRecord(changed, 'with the updated order (§4.6)');
        const problems = new Problems(changed.update);
        expectReadIn(
          problems,
          'expected_starts_at',
          changed.sent,
          body.expected_starts_at,
          ctx.home.time_zone,
          "§4.6: an update without location_name uses the order's existing warehouse zone",
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'move_reads_destination_zone',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§3',
        verifies: ['§4.6.zones.move', '§3.move'],
      },
      async (run) => {
        const { ctx } = run;
        const moved = await movedOrder(run);
        const instant = moved.order.dates.before;
        if (zoneOffset(moved.destination.time_zone, instant) === zoneOffset(ctx.home.time_zone, instant)) {
          run.skip(
            `the profile's locations share one UTC offset on ${instant.toISODate()}, ` +
              'so a move cannot show which zone is used',
          );
        }
        const body = updatedRecord(moved, `with the order moved to ${moved.destination.name} (§3)`);
        const problems = new Problems(moved.update);
        expectReadIn(
          problems,
          'expected_starts_at',
          moved.sent,
          body.expected_starts_at,
          moved.destination.time_zone,
          "§3: a move reads times in the destination's zone",
        );
        expectRenderedIn(
          problems,
          'expected_ends_at',
          body.expected_ends_at,
          moved.destination.time_zone,
          "§8: a moved order is rendered in its new warehouse's zone",
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'unassignment_reads_utc',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§3',
        verifies: ['§4.6.zones.unassigned', '§3.unassign'],
      },
      async ({ ctx }) => {
        const changed = await blankUnassignedOrder(ctx);
        const body = updatedRecord(changed, 'with the order unassigned (§3)');
        const problems = new Problems(changed.update);
        expectReadIn(
          problems,
          'expected_starts_at',
          changed.sent,
          body.expected_starts_at,
          UTC,
          '§3: clearing the assignment reads times as UTC',
        );
        expectRenderedIn(
          problems,
          'expected_ends_at',
          body.expected_ends_at,
          UTC,
          '§8: an unassigned order is rendered in UTC',
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_filter_never_changes_rendering',
        method: 'GET',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§8',
        verifies: ['§8.timestamps.filter-never-changes', '§4.6.view'],
      },
      async ({ ctx }) => {
        const { record } = await assignedOrder(ctx);
        const view = await ctx.send(ctx.admin, 'GET', '/purchase_orders/{id}', {
          path: { id: record.id },
          query: { location_name: ctx.home.name },
        });
        expectStatus(view, 200, `for an order at ${ctx.home.name} viewed with that location_name (§4.6)`);
        const body = view.body as Record<string, unknown>;
        const problems = new Problems(view);
        for (const field of ['expected_starts_at', 'expected_ends_at', 'created_at']) {
          problems.expect(
            body[field] === record[field],
            field,
            preview(body[field]),
            `${preview(record[field])}, as rendered without a filter (§8: a location filter never changes this)`,
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_filter_never_changes_rendering',
        method: 'GET',
        path: '/purchase_orders',
        status: 200,
        section: '§8',
        verifies: ['§8.timestamps.filter-never-changes', '§8.timestamps.unassigned-utc'],
      },
      async ({ ctx }) => {
        const { record } = await unassignedOrder(ctx);
        const list = await unassignedInFilteredList(ctx);
        const listed = listedRecords(list, `with ${ctx.home.name}'s orders plus unassigned ones (§4.6)`).find(
          (order) => order.id === record.id,
        );
        const problems = new Problems(list);
        if (!listed)
          problems.add(
            'body',
            preview(list.body),
            `the unassigned order ${record.id}, which a location filter includes (§4.6)`,
          );
        else
          for (const field of ['expected_starts_at', 'created_at'])
            expectRenderedIn(
              problems,
              `body[].${field}`,
              listed[field],
              UTC,
              `§8: an unassigned order stays in UTC under a ${ctx.home.name} filter`,
            );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'rendered_in_entity_zone',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§8',
        verifies: ['§8.timestamps.entity-zone'],
      },
      async (run) => {
        const { locations, created, list } = await productsAcross(run);
        const records = listedRecords(list, "with the run's products (§4.3)");
        const problems = new Problems(list);
        locations.forEach((location, i) => {
          const listed = records.find((product) => product.id === created[i]!.record.id);
          if (!listed)
            problems.add(
              'body',
              preview(records.map((r) => r.id)),
              `product ${created[i]!.record.id} at ${location.name} (§4.3)`,
            );
          else
            expectTimestampsIn(
              problems,
              listed,
              `product ${listed.id} (${location.name}) `,
              location.time_zone,
              `§8: each entity in its own warehouse's zone`,
            );
        });
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'time_filter_read_in_location_zone',
        method: 'GET',
        path: '/purchase_orders/with_booked_appointments',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.booked.start-time', '§4.6.zones.filters', '§4.6.booked.location-filter'],
      },
      async (run) => {
        const { ctx, skip } = run;
        const appointment = await bookedAppointment(run);
        const scheduled = receivedInstant(appointment.record.scheduled_at);
        const order = appointment.assigned;
        if (!scheduled)
          fail(
            appointment.exchange,
            'scheduled_at',
            preview(appointment.record.scheduled_at),
            'the scheduled time with its offset (§2.4)',
          );
        if (scheduled.offset === 0)
          skip(
            `${ctx.home.name}'s zone is at UTC on ${scheduled.toISODate()}, ` +
              'so the zone a filter is read in cannot show',
          );
        // updated_since keeps the run's own orders within the first page of the search.
        const updated_since = order.record.created_at as string;
        for (const [location_name, zone] of [
          [ctx.home.name, ctx.home.time_zone],
          [undefined, UTC],
        ] as const) {
          for (const [minutes, included] of [
            [0, true],
            [1, false],
          ] as const) {
            const start_time = offsetLess(scheduled.setZone(zone).plus({ minutes }));
            const list = await ctx.send(ctx.admin, 'GET', '/purchase_orders/with_booked_appointments', {
              query: { location_name, start_time, updated_since },
            });
            const found = listedRecords(list, 'with the orders whose booked appointments match (§4.6)').some(
              (r) => r.id === order.record.id,
            );
            new Problems(list)
              .expect(
                found === included,
                'body',
                found ? `order ${order.record.id} listed` : `order ${order.record.id} missing`,
                `order ${order.record.id} (appointment at ${appointment.record.scheduled_at}) ` +
                  `${included ? 'listed' : 'not listed'}: start_time ${start_time} read in ${zone} ` +
                  "(§4.6: the query location's zone, otherwise UTC)",
              )
              .throwIfAny();
          }
        }
      },
    );

    group.check(
      {
        name: 'rendered_in_entity_zone',
        method: 'GET',
        path: '/purchase_orders/with_booked_appointments',
        status: 200,
        section: '§8',
        verifies: [
          '§8.timestamps.entity-zone',
          '§8.timestamps.unassigned-utc',
          '§2.4.scheduled-at',
          '§2.4.warehouse-time-zone',
          '§2.3.response-nested-appointments',
        ],
      },
      async (run) => {
        const { ctx } = run;
        const { record: appointment, unassigned } = await bookedAppointment(run);
        const search = await bookedSearch(run);
        const order = listedRecords(search, 'with the orders whose appointments are booked (§4.6)').find(
          (r) => r.id === unassigned.record.id,
        );
        const nested = Array.isArray(order?.appointments)
          ? order.appointments.filter(isObject).find((a) => a.id === appointment.id)
          : undefined;
        const problems = new Problems(search);
        if (!order || !nested)
          problems.add(
            'body',
            preview(search.body),
            `unassigned order ${unassigned.record.id} with booked appointment ${appointment.id} nested (§2.3)`,
          );
        else {
          expectRenderedIn(
            problems,
            `order ${order.id} expected_starts_at`,
            order.expected_starts_at,
            UTC,
            '§8: an unassigned order is rendered in UTC',
          );
          expectRenderedIn(
            problems,
            `order ${order.id} appointments[].scheduled_at`,
            nested.scheduled_at,
            ctx.home.time_zone,
            "§8: each entity in its own warehouse's zone, also nested in an unassigned order",
          );
        }
        problems.throwIfAny();
      },
    );
  },
};
