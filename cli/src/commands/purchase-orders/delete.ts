import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';
import { type OrderRefFlags, orderId, orderRef } from './order-ref.js';

export const remove = orderRef(
  safeWriteOptions(new Command('delete'), 'DELETE', '/purchase_orders/{id}').description('delete a purchase order'),
)
  .option('--location <name>', 'the order must be at this location or unassigned (else 404)')
  .addHelpText(
    'after',
    examples(
      'whctl purchase-orders delete --po-number PO-1003',
      "whctl purchase-orders delete 5 --location 'Toronto DC'",
    ),
  )
  .action(
    async (id: number | undefined, flags: OrderRefFlags & ChangeSafety & { location?: string }, command: Command) => {
      const ctx = contextOf(command);
      const client = await ctx.connect();
      const orderIdValue = await orderId(client, id, flags);
      const params = { path: { id: orderIdValue }, query: { location_name: flags.location } };
      const header = await ifMatchHeader(flags, () => client.GET('/purchase_orders/{id}', { params }));
      await unwrap(client.DELETE('/purchase_orders/{id}', { params: { ...params, header } }));
      ctx.notice(`deleted purchase order ${orderIdValue}`);
    },
  );
