import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { type OrderRefFlags, orderId, orderRef } from './order-ref.js';

export const get = orderRef(
  new Command('get').description('show a purchase order with its line items and booked appointments'),
)
  .option('--location <name>', 'the order must be at this location or unassigned (else 404)')
  .addOption(queryOption('purchase_order_items[].product_name'))
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders get 1 --query 'purchase_order_items[].product_name'",
      'whctl purchase-orders get --po-number PO-1001 -o yaml',
    ),
  )
  .action(async (id: number | undefined, flags: OrderRefFlags & { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const params = { path: { id: await orderId(client, id, flags) }, query: { location_name: flags.location } };
    await ctx.print(await unwrap(client.GET('/purchase_orders/{id}', { params })));
  });
