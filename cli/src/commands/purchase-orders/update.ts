import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom, requireChanges } from '../shared/record-input.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';
import { type OrderFlags, orderFields, orderOptions } from './fields.js';
import { type OrderRefFlags, orderId, orderRef } from './order-ref.js';

export const update = orderOptions(
  orderRef(
    safeWriteOptions(new Command('update'), 'PATCH', '/purchase_orders/{id}').description(
      'change fields of a purchase order (assign, move and unassign change its warehouse); ' +
        'items in --data: with id updates, without adds, _destroy removes',
    ),
  ),
)
  .addOption(dataOption())
  .addOption(queryOption('expected_starts_at'))
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders update --po-number PO-1001 --notes 'call before delivery'",
      'whctl purchase-orders update 1 --expected-starts-at 2026-12-01T09:00:00 --query expected_starts_at',
    ),
  )
  .action(
    async (
      id: number | undefined,
      flags: OrderFlags & OrderRefFlags & ChangeSafety & { data?: string },
      command: Command,
    ) => {
      const ctx = contextOf(command);
      const order = requireChanges(await recordFrom(flags.data, 'purchase_order', orderFields(flags)), 'a field flag');
      const client = await ctx.connect();
      const params = { path: { id: await orderId(client, id, flags) } };
      const header = await ifMatchHeader(flags, () => client.GET('/purchase_orders/{id}', { params }));
      await ctx.changed(
        await unwrap(
          client.PATCH('/purchase_orders/{id}', {
            params: { ...params, header },
            body: { purchase_order: order as Schema<'PurchaseOrderUpdate'> },
          }),
        ),
      );
    },
  );
