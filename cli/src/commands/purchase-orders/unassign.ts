import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { type ChangeSafety, safeWriteOptions } from '../shared/safe-writes.js';
import { relocate } from './location.js';
import { type OrderRefFlags, orderRef } from './order-ref.js';

export const unassign = orderRef(
  safeWriteOptions(new Command('unassign'), 'PATCH', '/purchase_orders/{id}').description(
    'take an order off its warehouse; offset-less times are then UTC and organization-wide custom fields apply',
  ),
)
  .addOption(queryOption('expected_starts_at'))
  .addHelpText('after', examples('whctl purchase-orders unassign --po-number PO-1004 --query expected_starts_at'))
  .action(async (id: number | undefined, flags: OrderRefFlags & ChangeSafety, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.changed(await relocate(client, id, flags, null));
  });
