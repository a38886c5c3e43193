import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';
import { destination, setLocation } from './location.js';
import { fetchOrder, type OrderRefFlags, orderRef } from './order-ref.js';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export const assign = orderRef(
  safeWriteOptions(new Command('assign'), 'PATCH', '/purchase_orders/{id}').description(
    'assign an unassigned order to a warehouse; refuses to move an order assigned elsewhere (see move)',
  ),
)
  .requiredOption('--to <location>', 'the warehouse', destination)
  .addOption(queryOption('location_name'))
  .addHelpText(
    'after',
    examples("whctl purchase-orders assign --po-number PO-1005 --to 'Toronto DC' --query location_name"),
  )
  .action(async (id: number | undefined, flags: OrderRefFlags & ChangeSafety & { to: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    let order = await fetchOrder(client, id, flags);
    // With --if-unmodified, the version the ETag names is the one checked below.
    const header = await ifMatchHeader(flags, async () => {
      const read = await client.GET('/purchase_orders/{id}', { params: { path: { id: order.id } } });
      if (read.data) order = read.data;
      return read;
    });
    // A move changes the order's zone and rules; it should be asked for by name.
    if (order.location_name !== null && !sameName(order.location_name, flags.to)) {
      throw new UsageError(
        `purchase order ${order.po_number} is assigned to ${order.location_name}; ` +
          'use "whctl purchase-orders move" to move it',
      );
    }
    await ctx.changed(await setLocation(client, order.id, flags.to, header));
  });
