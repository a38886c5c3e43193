import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { destination, setLocation } from './location.js';
import { type OrderRefFlags, orderId, orderRef } from './order-ref.js';

export const move = orderRef(
  new Command('move').description(
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
  .action(async (id: number | undefined, flags: OrderRefFlags & { to: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.changed(await setLocation(client, await orderId(client, id, flags), flags.to));
  });
