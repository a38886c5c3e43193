// Location rules (§3, §4.1, §4.4, §4.6, §9): names match case-insensitively with spaces
// trimmed; only purchase orders move; an unknown destination changes nothing; a location
// filter includes unassigned orders; a location does not narrow companies; `location` is an
// alias of `location_name` on appointments.

import { isObject } from '@warehouse-kit/spec';
import { howTheyDiffer } from '../causes.js';
import type { CheckGroup, CheckRun } from '../check.js';
import type { RunContext } from '../context.js';
import { appointmentList, appointmentView, bookedSearch } from '../fixtures/appointments.js';
import { blankUnassignedOrder, movedOrder, orderForRefusals, updatedRecord } from '../fixtures/changed-orders.js';
import { createdCompany } from '../fixtures/companies.js';
import { listedRecords } from '../fixtures/created.js';
import { productAt, updatedProduct } from '../fixtures/products.js';
import { assignedOrder, unassignedInFilteredList, unassignedOrder } from '../fixtures/purchase-orders.js';
import { type Exchange, preview } from '../http.js';
import { secondLocation } from '../needs.js';
import { expectStatus, Problems } from '../problems.js';
import { defineAssignments } from './assignments.js';

/** `Toronto DC` as `  tORONTO dC  `. */
function mangled(name: string): string {
  const flipped = [...name].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return `  ${flipped}  `;
}

async function locationAfterwards(ctx: RunContext, template: string, id: number): Promise<Exchange> {
  const view = await ctx.send(ctx.admin, 'GET', template, { path: { id } });
  expectStatus(view, 200, 'with the record (§4)');
  return view;
}

/**
 * A product at home updated with another location's name (§3: it must not move), and the
 * product as it is afterwards. Shared with the decisions group, which checks the status.
 */
export function productUpdatedElsewhere(run: CheckRun): Promise<{ update: Exchange; afterwards: Exchange }> {
  const { ctx } = run;
  const other = secondLocation(run);
  return ctx.shared('product updated elsewhere', async () => {
    const { record } = await updatedProduct(ctx);
    const update = await ctx.send(ctx.admin, 'PATCH', '/products/{id}', {
      path: { id: record.id },
      body: { product: { location_name: other.name } },
    });
    return { update, afterwards: await locationAfterwards(ctx, '/products/{id}', record.id) };
  });
}

/** Location aliases in appointment records: each `location` must equal its `location_name`. */
function expectAliases(problems: Problems, records: unknown[], where: string): void {
  records.forEach((record, i) => {
    if (!isObject(record)) return;
    problems.expect(
      record.location === record.location_name,
      `${where}[${i}].location`,
      preview(record.location),
      `${preview(record.location_name)}, equal to location_name (§9)`,
    );
  });
}

export const locationRules: CheckGroup = {
  name: 'location-rules',
  title: 'Location rules',
  basis: 'reference',
  define(group) {
    group.check(
      {
        name: 'location_name_case_insensitive',
        method: 'GET',
        path: '/products',
        status: 200,
        section: '§4.1',
        verifies: ['§4.1.rule-1', '§4.3.location-filter'],
      },
      async ({ ctx }) => {
        const { record } = await productAt(ctx);
        const list = await ctx.send(ctx.admin, 'GET', '/products', {
          query: { name: ctx.name('product at'), location_name: mangled(ctx.home.name) },
        });
        const records = listedRecords(
          list,
          `for location_name "${mangled(ctx.home.name)}", matched case-insensitively and trimmed (§4.1 rule 1)`,
        );
        const problems = new Problems(list);
        problems.expect(
          records.some((r) => r.id === record.id),
          'body',
          preview(records.map((r) => r.id)),
          `product ${record.id} at ${ctx.home.name} (§4.1 rule 1)`,
        );
        problems.expect(
          records.every((r) => r.location_name === record.location_name),
          'body',
          preview(records.map((r) => r.location_name)),
          `only products at ${ctx.home.name} (§4.1)`,
        );
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_name_case_insensitive',
        method: 'POST',
        path: '/products',
        status: 200,
        section: '§4.1',
        verifies: ['§4.1.rule-1'],
      },
      async ({ ctx }) => {
        const canonical = (await productAt(ctx)).record.location_name;
        const create = await ctx.send(ctx.admin, 'POST', '/products', {
          body: {
            product: {
              name: ctx.name('product at mangled name'),
              sku: ctx.code(),
              location_name: mangled(ctx.home.name),
            },
          },
        });
        expectStatus(
          create,
          200,
          `for location_name "${mangled(ctx.home.name)}", matched case-insensitively and trimmed (§4.1 rule 1)`,
        );
        const received = isObject(create.body) ? create.body.location_name : undefined;
        new Problems(create)
          .expect(
            received === canonical,
            'location_name',
            () => preview(received) + howTheyDiffer(received, canonical),
            `${preview(canonical)}, the owning location's name (§2.2)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'product_never_moves',
        method: 'GET',
        path: '/products/{id}',
        status: 200,
        section: '§3',
        verifies: ['§3.appointments-and-products-stay', '§3.only-orders-move'],
      },
      async (run) => {
        const { afterwards } = await productUpdatedElsewhere(run);
        const received = isObject(afterwards.body) ? afterwards.body.location_name : undefined;
        const home = (await productAt(run.ctx)).record.location_name;
        new Problems(afterwards)
          .expect(
            received === home,
            'location_name',
            preview(received),
            `${preview(home)}: changing location_name on a product does not move it (§3)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'purchase_order_moves',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§3',
        verifies: ['§3.move', '§4.6.update.rule-1.known', '§4.6.update.rule-3.body', '§3.only-orders-move'],
      },
      async (run) => {
        const moved = await movedOrder(run);
        const { destination } = moved;
        expectStatus(
          moved.update,
          200,
          `with the order assigned to ${destination.name} (§3: PATCH with a known location_name moves it)`,
        );
        const problems = new Problems(moved.update);
        for (const [where, exchange] of [
          ['answer', moved.update],
          ['GET afterwards', moved.afterwards],
        ] as const) {
          const received = isObject(exchange.body) ? exchange.body.location_name : undefined;
          problems.expect(
            typeof received === 'string' && received.toLowerCase() === destination.name.toLowerCase(),
            `${where}: location_name`,
            preview(received),
            `${destination.name}, the destination (§3)`,
          );
        }
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'blank_location_unassigns',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 200,
        section: '§3',
        verifies: ['§3.unassign', '§4.6.update.rule-1.blank', '§3.assigned-or-unassigned'],
      },
      async ({ ctx }) => {
        const changed = await blankUnassignedOrder(ctx);
        const body = updatedRecord(changed, 'with the order unassigned (§3: location_name of only spaces unassigns)');
        new Problems(changed.update)
          .expect(body.location_name === null, 'location_name', preview(body.location_name), 'null, unassigned (§3)')
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'unknown_destination_changes_nothing',
        method: 'PATCH',
        path: '/purchase_orders/{id}',
        status: 404,
        section: '§3',
        verifies: ['§3.unknown-location', '§4.6.update.rule-1.unknown', '§7.404'],
      },
      async ({ ctx }) => {
        const { record } = await orderForRefusals(ctx);
        const update = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
          path: { id: record.id },
          body: { purchase_order: { location_name: ctx.name('nowhere'), notes: ctx.name('changed') } },
        });
        expectStatus(update, 404, 'for an unknown location_name (§3, §4.6 update rule 1)');
        const afterwards = await locationAfterwards(ctx, '/purchase_orders/{id}', record.id);
        const body = afterwards.body as Record<string, unknown>;
        new Problems(afterwards)
          .expect(
            body.location_name === record.location_name,
            'location_name',
            preview(body.location_name),
            `${preview(record.location_name)}, unchanged (§4.6 update rule 1)`,
          )
          .expect(
            body.notes === record.notes,
            'notes',
            preview(body.notes),
            `${preview(record.notes)}, unchanged: the refused update changed nothing`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_filter_includes_unassigned',
        method: 'GET',
        path: '/purchase_orders',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.list.location-filter'],
      },
      async ({ ctx }) => {
        const { record } = await unassignedOrder(ctx);
        const list = await unassignedInFilteredList(ctx);
        const records = listedRecords(list, `with ${ctx.home.name}'s orders plus unassigned ones (§4.6)`);
        new Problems(list)
          .expect(
            records.some((r) => r.id === record.id),
            'body',
            preview(records.map((r) => r.id)),
            `unassigned order ${record.id}: a location filter includes unassigned orders (§4.6)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_filter_excludes_other_locations',
        method: 'GET',
        path: '/purchase_orders',
        status: 200,
        section: '§4.6',
        verifies: ['§4.6.list.location-filter'],
      },
      async (run) => {
        const { ctx } = run;
        const other = secondLocation(run);
        const { record } = await assignedOrder(ctx);
        const list = await ctx.send(ctx.admin, 'GET', '/purchase_orders', {
          query: { location_name: other.name, po_number: record.po_number as string },
        });
        const records = listedRecords(list, `with ${other.name}'s orders plus unassigned ones (§4.6)`);
        new Problems(list)
          .expect(
            !records.some((r) => r.id === record.id),
            'body',
            preview(records.map((r) => r.id)),
            `no order ${record.id}, which is at ${ctx.home.name} (§4.6)`,
          )
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_does_not_narrow_companies',
        method: 'GET',
        path: '/companies/{id}',
        status: 200,
        section: '§4.4',
        verifies: ['§4.4.location-does-not-restrict'],
      },
      async (run) => {
        const { ctx } = run;
        const other = secondLocation(run);
        const { record } = await createdCompany(ctx);
        const view = await ctx.send(ctx.admin, 'GET', '/companies/{id}', {
          path: { id: record.id },
          query: { location_name: other.name },
        });
        expectStatus(
          view,
          200,
          `with the company: a location in the request applies its permissions but does not restrict companies (§4.4)`,
        );
      },
    );

    group.check(
      {
        name: 'location_alias_equals_location_name',
        method: 'GET',
        path: '/appointments/{id}',
        status: 200,
        section: '§9',
        verifies: ['§9.location-alias', '§2.4.response-fields'],
      },
      async (run) => {
        const view = await appointmentView(run);
        const problems = new Problems(view);
        expectAliases(problems, [view.body], 'body');
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_alias_equals_location_name',
        method: 'GET',
        path: '/appointments',
        status: 200,
        section: '§9',
        verifies: ['§9.location-alias'],
      },
      async (run) => {
        const list = await appointmentList(run);
        const records = listedRecords(list, 'with appointments (§4.5)');
        if (!records.length)
          run.skip(
            'the deployment has no appointments on the first page to look at; ' +
              'run with --allow-appointments to let the suite create one',
          );
        const problems = new Problems(list);
        expectAliases(problems, records, 'body');
        problems.throwIfAny();
      },
    );

    group.check(
      {
        name: 'location_alias_equals_location_name',
        method: 'GET',
        path: '/purchase_orders/with_booked_appointments',
        status: 200,
        section: '§9',
        verifies: ['§9.location-alias', '§2.3.response-nested-appointments'],
      },
      async (run) => {
        const { ctx, skip } = run;
        const list = ctx.allowAppointments
          ? await bookedSearch(run)
          : await ctx.send(ctx.admin, 'GET', '/purchase_orders/with_booked_appointments');
        const orders = listedRecords(list, 'with orders that have booked appointments (§4.6)');
        const nested = orders.flatMap((order) => (Array.isArray(order.appointments) ? order.appointments : []));
        if (!nested.length)
          skip(
            'no order has a booked appointment to look at; run with --allow-appointments to let the suite create one',
          );
        const problems = new Problems(list);
        expectAliases(problems, nested, 'body[].appointments');
        problems.throwIfAny();
      },
    );

    defineAssignments(group);
  },
};
