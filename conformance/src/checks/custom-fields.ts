// Custom fields on purchase orders and items (§4.6 "Custom fields"), driven by the fields the
// profile declares with a value each accepts (`valid`) and one its rules refuse (`invalid`):
// an assigned order takes its warehouse's fields, an unassigned one the organization's, a move
// the destination's; other values must meet the field's rules.
import type { ProfileCustomField } from '@warehouse-kit/spec/conformance-profile';
import type { CheckRun, GroupBuilder } from '../check.js';
import type { RunContext } from '../context.js';
import { createdRecord } from '../fixtures/created.js';
import { productAt } from '../fixtures/products.js';
import { createTimedOrder, orderBody, unassignedOrder } from '../fixtures/purchase-orders.js';
import { productNamesakes } from '../fixtures/requirements.js';
import type { Exchange } from '../http.js';
import { expectStatus, Problems } from '../problems.js';
import type { ResolvedLocation } from '../profile.js';
import { expectVerbatim } from '../verbatim.js';

const at = (field: ProfileCustomField, location: ResolvedLocation) =>
  field.locations.some((name) => name.trim().toLowerCase() === location.name.trim().toLowerCase());

/** The first declared field that `test` accepts, or a skip naming what the profile should declare. */
function fieldWhere(run: CheckRun, test: (field: ProfileCustomField) => boolean, what: string): ProfileCustomField {
  return (
    run.ctx.profile.customFields.find(test) ?? run.skip(`the profile declares no custom field ${what} (custom_fields)`)
  );
}

/** Where the value goes in a create body, and where it comes back. */
const valuePath = (field: ProfileCustomField) =>
  field.applies_to === 'purchase_order'
    ? `custom_values.${field.key}`
    : `purchase_order_items[0].custom_values.${field.key}`;

/**
 * Creates an order carrying `value` for `field`, at `location` or unassigned, ready to move to
 * `movesTo` but for the field; returns the raw answer.
 */
async function orderWith(
  ctx: RunContext,
  field: ProfileCustomField,
  value: unknown,
  location: ResolvedLocation | undefined,
  movesTo: ResolvedLocation[] = [],
): Promise<Exchange> {
  const values = { [field.key]: value };
  const product = location ? ((await productAt(ctx, location)).record.name as string) : ctx.name('product');
  await productNamesakes(ctx, product, movesTo);
  const item = {
    product_name: product,
    quantity: 1,
    ...(field.applies_to === 'purchase_order_item' && { custom_values: values }),
  };
  const fields = {
    ...(location && { location_name: location.name }),
    ...(field.applies_to === 'purchase_order' && { custom_values: values }),
    purchase_order_items: [item],
  };
  return ctx.send(location ? ctx.writerAt(location) : ctx.admin, 'POST', '/purchase_orders', {
    body: orderBody(ctx, `order with ${field.key}`, fields, movesTo),
  });
}

/** The answer to an order at `location` (unassigned without one) carrying the `example` value of the first field `test` accepts. */
async function orderWithExample(
  run: CheckRun,
  test: (field: ProfileCustomField) => boolean,
  what: string,
  example: 'valid' | 'invalid',
  location: ResolvedLocation | undefined,
): Promise<{ field: ProfileCustomField; answer: Exchange }> {
  const field = fieldWhere(run, (f) => f[example] !== undefined && test(f), what);
  return { field, answer: await orderWith(run.ctx, field, field[example], location) };
}

// Values other than objects and arrays are stored as text (§4.6 custom fields rule 5).
const stored = (value: unknown) => (typeof value === 'object' && value !== null ? value : String(value));

const POST = { method: 'POST', path: '/purchase_orders', section: '§4.6' } as const;

export function defineCustomFields(group: GroupBuilder): void {
  group.check(
    {
      name: 'custom_value_accepted',
      ...POST,
      status: 200,
      verifies: [
        '§4.6.custom-fields.rule-1',
        '§4.6.custom-fields.rule-2',
        '§4.6.custom-fields.rule-5.text',
        '§2.3.custom-values',
        '§4.1.rule-5',
        '§2.3.items-use-order-location',
      ],
    },
    async (run) => {
      const home = run.ctx.home;
      const enabled = `enabled at ${home.name}`;
      const { field, answer } = await orderWithExample(
        run,
        (f) => at(f, home),
        `${enabled} with a valid value`,
        'valid',
        home,
      );
      const { record } = createdRecord(answer, `with ${field.key}, a field ${enabled} (§4.6 rules 1 and 2)`);
      const problems = new Problems(answer);
      const sent = { [valuePath(field)]: stored(field.valid) };
      expectVerbatim(problems, record, sent, 'as sent, stored as text unless JSON (§4.6 rule 5)');
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'custom_value_breaking_rule_refused',
      ...POST,
      status: 422,
      verifies: ['§4.6.custom-fields.rule-5.text', '§7.422'],
    },
    async (run) => {
      const home = run.ctx.home;
      const what = `enabled at ${home.name} with an invalid value`;
      const { field, answer } = await orderWithExample(run, (f) => at(f, home), what, 'invalid', home);
      const value = JSON.stringify(field.invalid);
      expectStatus(answer, 422, `for ${field.key} = ${value}, which its rules refuse (§4.6 rule 5; §7)`);
    },
  );

  group.check(
    { name: 'field_of_other_warehouse_refused', ...POST, status: 422, verifies: ['§4.6.custom-fields.rule-2'] },
    async (run) => {
      const home = run.ctx.home;
      const elsewhere = `not enabled at ${home.name}`;
      const { field, answer } = await orderWithExample(run, (f) => !at(f, home), `that is ${elsewhere}`, 'valid', home);
      expectStatus(
        answer,
        422,
        `for ${field.key}, a field ${elsewhere}: an assigned order uses its warehouse's fields (§4.6 rules 2 and 6)`,
      );
    },
  );

  group.check(
    {
      name: 'unassigned_uses_organization_fields',
      ...POST,
      status: 200,
      verifies: ['§4.6.custom-fields.rule-3', '§3.create-unassigned'],
    },
    async (run) => {
      const nowhere = 'enabled at no warehouse (locations: [])';
      const { field, answer } = await orderWithExample(run, (f) => !f.locations.length, nowhere, 'valid', undefined);
      createdRecord(answer, `with ${field.key}, an organization-wide field ${nowhere} (§4.6 rule 3)`);
    },
  );

  group.check(
    {
      name: 'move_uses_destination_fields',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 422,
      section: '§4.6',
      verifies: ['§4.6.custom-fields.rule-4.move', '§3.move'],
    },
    async (run) => {
      const { ctx } = run;
      const withoutField = (f: ProfileCustomField) => ctx.others.find((l) => !at(f, l));
      const field = fieldWhere(
        run,
        (f) => f.valid !== undefined && at(f, ctx.home) && withoutField(f) !== undefined,
        `enabled at ${ctx.home.name} but not at another listed location, with a valid value`,
      );
      const destination = withoutField(field)!;
      // Everything else the destination requires is met, so its 422 can only be about the field.
      const answer = await orderWith(ctx, field, field.valid, ctx.home, [destination]);
      const { record } = createdRecord(answer, `with ${field.key}, a field enabled at ${ctx.home.name} (§4.6 rule 2)`);
      const move = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { location_name: destination.name } },
      });
      expectStatus(
        move,
        422,
        `for a move to ${destination.name}, where ${field.key} is not a field: a move uses the destination's fields (§4.6 rule 4)`,
      );
    },
  );

  group.check(
    {
      name: 'query_location_does_not_narrow_fields',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.custom-fields.rule-3.query-location'],
    },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => f.applies_to === 'purchase_order' && !f.locations.length && f.valid !== undefined,
        'of the order enabled at no warehouse (locations: []), with a valid value',
      );
      const { record } = await unassignedOrder(ctx);
      const update = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        query: { location_name: ctx.home.name },
        body: { purchase_order: { custom_values: { [field.key]: field.valid } } },
      });
      expectStatus(
        update,
        200,
        `for ${field.key}, an organization-wide field, on an unassigned order updated with location_name ` +
          `${ctx.home.name} in the URL: a query location does not narrow the organization's fields (§4.6 rule 3)`,
      );
    },
  );

  group.check(
    {
      name: 'unassignment_uses_organization_fields',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.custom-fields.rule-4.clear'],
    },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => f.applies_to === 'purchase_order' && !at(f, ctx.home) && f.valid !== undefined,
        `of the order not enabled at ${ctx.home.name}, with a valid value`,
      );
      const { record } = await createTimedOrder(ctx, 'order to unassign with a field', ctx.home);
      const update = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { location_name: null, custom_values: { [field.key]: field.valid } } },
      });
      expectStatus(
        update,
        200,
        `for an order at ${ctx.home.name} unassigned with ${field.key}, a field of the organization not enabled ` +
          'there: clearing the assignment uses organization-wide definitions (§4.6 rule 4)',
      );
    },
  );

  group.check(
    { name: 'json_field_accepts_objects', ...POST, status: 200, verifies: ['§4.6.custom-fields.rule-5.json'] },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => f.field_type === 'json' && typeof f.valid === 'object' && f.valid !== null,
        'of type json, with an object or array it accepts',
      );
      const location = [ctx.home, ...ctx.others].find((l) => at(field, l));
      if (field.locations.length && !location)
        run.skip(`${field.key} is enabled only at locations home's token cannot write at`);
      const answer = await orderWith(ctx, field, field.valid, location);
      const { record } = createdRecord(answer, `with ${field.key}, a JSON-type field (§4.6 rule 5)`);
      const problems = new Problems(answer);
      expectVerbatim(
        problems,
        record,
        { [valuePath(field)]: field.valid },
        'as sent: a JSON-type field keeps objects and arrays (§4.6 rule 5)',
      );
      problems.throwIfAny();
    },
  );
}
