// Purchase orders (§2.3, §4.6, §8): a po_number on create, line items without a location of
// their own and IDs of the order updated, null or empty location_name leaving an order
// unassigned, missing times as null, and lists spanning every accessible location.

import { isObject } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../../check.js';
import { orderForRefusals } from '../../fixtures/changed-orders.js';
import { listedRecords } from '../../fixtures/created.js';
import { productAt } from '../../fixtures/products.js';
import {
  assignedOrder,
  createdUnassigned,
  orderBody,
  orderList,
  unassignedOrder,
} from '../../fixtures/purchase-orders.js';
import { type Exchange, preview } from '../../http.js';
import { secondLocation } from '../../needs.js';
import { Problems } from '../../problems.js';
import { receivedInstant } from '../../zones.js';

/** A refusal as §7 words it for an invalid order or line item: 422 (400 for invalid values is read the same). */
function expectRefused(exchange: Exchange, documented: string): void {
  new Problems(exchange)
    .expect(
      exchange.status === 422 || exchange.status === 400,
      'status',
      () => `${exchange.status} ${preview(exchange.body)}`,
      documented,
    )
    .throwIfAny();
}

export function defineOrderRecords(group: GroupBuilder): void {
  group.check(
    {
      name: 'po_number_required',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§2.3',
      verifies: ['§2.3.po-number-required'],
    },
    async ({ ctx }) => {
      const { po_number: _number, ...order } = orderBody(ctx, 'order without po_number', {}).purchase_order;
      const create = await ctx.send(ctx.admin, 'POST', '/purchase_orders', { body: { purchase_order: order } });
      expectRefused(
        create,
        '422 for an order without po_number, which is required on create (§2.3; §7: invalid order)',
      );
    },
  );

  group.check(
    {
      name: 'line_item_location_refused',
      method: 'POST',
      path: '/purchase_orders',
      status: 422,
      section: '§2.3',
      verifies: ['§2.3.items-no-location'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const product = (await productAt(ctx)).record.name;
      const item = { product_name: product, quantity: 1, location_name: other.name };
      const create = await ctx.send(ctx.admin, 'POST', '/purchase_orders', {
        body: orderBody(ctx, 'order with a located item', {
          location_name: ctx.home.name,
          purchase_order_items: [item],
        }),
      });
      expectRefused(
        create,
        `422 for a line item naming ${other.name} on an order at ${ctx.home.name}: line items accept no location_name of their own (§2.3; §7: invalid line item)`,
      );
    },
  );

  group.check(
    {
      name: 'line_items_take_order_location',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§2.3',
      verifies: ['§2.3.items', '§2.3.items-use-order-location', '§4.1.rule-5'],
    },
    async ({ ctx }) => {
      const { exchange, record } = await assignedOrder(ctx);
      const items = Array.isArray(record.purchase_order_items) ? record.purchase_order_items : [];
      const problems = new Problems(exchange);
      problems.expect(items.length > 0, 'purchase_order_items', () => preview(items), 'the line item sent (§2.3)');
      items.forEach((item, i) => {
        // A location of an item's own, where an answer shows one, is its order's.
        if (isObject(item) && 'location_name' in item)
          problems.expect(
            item.location_name === record.location_name,
            `purchase_order_items[${i}].location_name`,
            () => preview(item.location_name),
            `${preview(record.location_name)}, the order's location: line items use it (§2.3, §4.1 rule 5)`,
          );
      });
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'line_item_of_another_order_refused',
      method: 'PATCH',
      path: '/purchase_orders/{id}',
      status: 422,
      section: '§2.3',
      verifies: ['§2.3.item-ids-belong'],
    },
    async ({ ctx }) => {
      const { record: owner } = await assignedOrder(ctx);
      const item = (Array.isArray(owner.purchase_order_items) ? owner.purchase_order_items : []).find(isObject);
      const id = item?.id;
      const { record } = await orderForRefusals(ctx);
      const update = await ctx.send(ctx.admin, 'PATCH', '/purchase_orders/{id}', {
        path: { id: record.id },
        body: { purchase_order: { purchase_order_items: [{ id, quantity: 9 }] } },
      });
      expectRefused(
        update,
        `422 for line item ${preview(id)} of order ${owner.id} in an update of order ${record.id}: ` +
          'line item IDs given in an update must belong to the order updated (§2.3; §7: invalid line item)',
      );
    },
  );

  group.check(
    {
      name: 'null_or_empty_location_creates_unassigned',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§2.3',
      verifies: ['§2.3.location-name-unassigned', '§3.assigned-or-unassigned'],
    },
    async ({ ctx }) => {
      for (const value of [null, ''] as const) {
        const { exchange, record } = await createdUnassigned(ctx, value);
        new Problems(exchange)
          .expect(
            record.location_name === null,
            'location_name',
            () => preview(record.location_name),
            `null: location_name ${JSON.stringify(value)} on create means unassigned (§2.3, §3)`,
          )
          .throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'missing_times_null',
      method: 'POST',
      path: '/purchase_orders',
      status: 200,
      section: '§8',
      verifies: ['§8.timestamps.missing-null', '§2.3.response-earliest-assignment-date'],
    },
    async ({ ctx }) => {
      const { exchange, record } = await createdUnassigned(ctx, null);
      const problems = new Problems(exchange);
      for (const field of ['expected_starts_at', 'expected_ends_at'])
        problems.expect(
          record[field] === null,
          field,
          () => (field in record ? preview(record[field]) : 'no such field'),
          'null: the order was created without it, and missing times are null (§8)',
        );
      const earliest = record.earliest_assignment_date;
      problems.expect(
        earliest === null || receivedInstant(earliest) !== undefined,
        'earliest_assignment_date',
        () => ('earliest_assignment_date' in record ? preview(earliest) : 'no such field'),
        'a date-time with a UTC offset, or null when there is none (§2.3, §8)',
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'list_spans_accessible_locations',
      method: 'GET',
      path: '/purchase_orders',
      status: 200,
      section: '§4.6',
      verifies: ['§4.6.list.unfiltered', '§4.1.rule-2'],
    },
    async (run) => {
      const { ctx } = run;
      const other = secondLocation(run);
      const cases: [string, number, Exchange][] = [
        [`at ${ctx.home.name}`, (await assignedOrder(ctx)).record.id, await orderList(ctx)],
      ];
      for (const [what, { record }] of [
        [`at ${other.name}`, await assignedOrder(ctx, other)],
        ['unassigned', await unassignedOrder(ctx)],
      ] as const) {
        const list = await ctx.send(ctx.admin, 'GET', '/purchase_orders', {
          query: { po_number: record.po_number as string },
        });
        cases.push([what, record.id, list]);
      }
      for (const [what, id, list] of cases) {
        const ids = listedRecords(list, 'with the orders of that po_number (§4.6)').map((order) => order.id);
        new Problems(list)
          .expect(
            ids.includes(id),
            'body',
            () => preview(ids),
            `order ${id} (${what}): without location_name the list holds orders at every accessible location plus unassigned ones (§4.6)`,
          )
          .throwIfAny();
      }
    },
  );
}
