// Custom fields on purchase orders and items (§4.6 "Custom fields"), driven by the fields the
// profile declares with a value each accepts (`valid`) and one its rules refuse (`invalid`):
// an assigned order takes its warehouse's fields, an unassigned one the organization's, a move
// the destination's; other values must meet the field's rules.
import type { ProfileCustomField } from '@warehouse-kit/spec/conformance-profile';
import type { CheckRun, GroupBuilder } from '../check.js';
import type { RunContext } from '../context.js';
import { createdRecord } from '../fixtures/created.js';
import { productAt } from '../fixtures/products.js';
import { orderBody } from '../fixtures/purchase-orders.js';
import type { Exchange } from '../http.js';
import { expectStatus, Problems } from '../problems.js';
import type { ProfileLocation } from '../profile.js';
import { expectVerbatim } from '../verbatim.js';

const at = (field: ProfileCustomField, location: ProfileLocation) =>
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

/** Creates an order carrying `value` for `field`, at `location` or unassigned; returns the raw answer. */
async function orderWith(
  ctx: RunContext,
  field: ProfileCustomField,
  value: unknown,
  location: ProfileLocation | undefined,
): Promise<Exchange> {
  const values = { [field.key]: value };
  const product = location ? (await productAt(ctx, location)).record.name : ctx.name('product');
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
    body: orderBody(ctx, `order with ${field.key}`, fields),
  });
}

// Values other than objects and arrays are stored as text (§4.6 custom fields rule 5).
const stored = (value: unknown) => (typeof value === 'object' && value !== null ? value : String(value));

export function defineCustomFields(group: GroupBuilder): void {
  group.check(
    { name: 'custom_value_accepted', method: 'POST', path: '/purchase_orders', status: 200, section: '§4.6' },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => at(f, ctx.home) && f.valid !== undefined,
        `enabled at ${ctx.home.name} with a valid value`,
      );
      const answer = await orderWith(ctx, field, field.valid, ctx.home);
      const { record } = createdRecord(
        answer,
        `with ${field.key}, a field enabled at ${ctx.home.name} (§4.6 rules 1 and 2)`,
      );
      const problems = new Problems(answer);
      expectVerbatim(
        problems,
        record,
        { [valuePath(field)]: stored(field.valid) },
        'as sent, stored as text unless JSON (§4.6 rule 5)',
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'custom_value_breaking_rule_refused',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§4.6',
    },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => at(f, ctx.home) && f.invalid !== undefined,
        `enabled at ${ctx.home.name} with an invalid value`,
      );
      expectStatus(
        await orderWith(ctx, field, field.invalid, ctx.home),
        422,
        `for ${field.key} = ${JSON.stringify(field.invalid)}, which its rules refuse (§4.6 rule 5; §7)`,
      );
    },
  );

  group.check(
    {
      name: 'field_of_other_warehouse_refused',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§4.6',
    },
    async (run) => {
      const { ctx } = run;
      const field = fieldWhere(
        run,
        (f) => !at(f, ctx.home) && f.valid !== undefined,
        `that is not enabled at ${ctx.home.name}`,
      );
      expectStatus(
        await orderWith(ctx, field, field.valid, ctx.home),
        422,
        `for ${field.key}, a field not enabled at ${ctx.home.name}: an assigned order uses its warehouse's fields (§4.6 rules 2 and 6)`,
      );
    },
  );

  group.check(
    {
      name: 'unassigned_uses_organization_fields',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
    },
    async (run) => {
      const field = fieldWhere(
        run,
        (f) => f.locations.length === 0 && f.valid !== undefined,
        'enabled at no warehouse (locations: [])',
      );
      createdRecord(
        await orderWith(run.ctx, field, field.valid, undefined),
        `with ${field.key}, an organization-wide field enabled at no warehouse (§4.6 rule 3)`,
      );
    },
  );

  group.check(
    {
      name: 'move_uses_destination_fields',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 422,
      section: '§4.6',
    },
    async (run) => {
      const { ctx } = run;
      let destination: ProfileLocation | undefined;
      const field = fieldWhere(
        run,
        (f) => {
          destination = at(f, ctx.home) && f.valid !== undefined ? ctx.others.find((l) => !at(f, l)) : undefined;
          return destination !== undefined;
        },
        `enabled at ${ctx.home.name} but not at another listed location`,
      );
      const { record } = createdRecord(
        await orderWith(ctx, field, field.valid, ctx.home),
        `with ${field.key}, a field enabled at ${ctx.home.name} (§4.6 rule 2)`,
      );
      const move = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { location_name: destination!.name } },
      });
      expectStatus(
        move,
        422,
        `for a move to ${destination!.name}, where ${field.key} is not a field: a move uses the destination's fields (§4.6 rule 4)`,
      );
    },
  );
}
