import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { type OrderRefFlags, orderId, orderRef } from './order-ref.js';

export const remove = orderRef(new Command('delete').description('delete a purchase order'))
  .option('--location <name>', 'the order must be at this location or unassigned (else 404)')
  .addHelpText(
    'after',
    examples(
      'whctl purchase-orders delete --po-number PO-2001',
      "whctl purchase-orders delete 42 --location 'Toronto DC'",
    ),
  )
  .action(async (id: number | undefined, flags: OrderRefFlags & { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const orderIdValue = await orderId(client, id, flags);
    await unwrap(
      client.DELETE('/purchase_orders/{id}', {
        params: { path: { id: orderIdValue }, query: { location_name: flags.location } },
      }),
    );
    ctx.notice(`deleted purchase order ${orderIdValue}`);
  });
