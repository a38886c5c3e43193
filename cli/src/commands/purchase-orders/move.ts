import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { type ChangeSafety, safeWriteOptions } from '../shared/safe-writes.js';
import { destination, relocate } from './location.js';
import { type OrderRefFlags, orderRef } from './order-ref.js';

export const move = orderRef(
  safeWriteOptions(new Command('move'), 'PATCH', '/purchase_orders/{id}').description(
    "move an order to a warehouse; offset-less times, custom fields and settings are then the destination's",
  ),
)
  .requiredOption('--to <location>', 'destination warehouse', destination)
  .addOption(queryOption('expected_starts_at'))
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders move --po-number PO-0998 --to 'Vancouver DC'",
      "whctl purchase-orders move 5 --to 'Auckland DC' --query expected_starts_at",
    ),
  )
  .action(async (id: number | undefined, flags: OrderRefFlags & ChangeSafety & { to: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.changed(await relocate(client, id, flags, flags.to));
  });
