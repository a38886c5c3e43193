import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';
import { type OrderFlags, orderFields, orderOptions } from './fields.js';
import { type ItemFlag, itemOption } from './items.js';

interface Flags extends OrderFlags, KeySafety {
  poNumber?: string;
  location?: string;
  item?: ItemFlag[];
  data?: string;
}

export const create = itemOption(
  orderOptions(
    safeWriteOptions(new Command('create'), 'POST', '/purchase_orders')
      .description('create a purchase order, assigned to a warehouse or unassigned')
      .option('--po-number <number>', 'PO number, unique in the organization')
      .option('--location <name>', 'assign it to this warehouse (default: unassigned)'),
  ),
)
  .addOption(dataOption())
  .addOption(queryOption('id'))
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders create --po-number PO-2001 --location 'Toronto DC' --expected-starts-at 2026-12-01T08:00:00",
      "whctl purchase-orders create --po-number PO-2002 --location 'Toronto DC' --expected-starts-at 2026-12-02T08:00:00 --item Apples:200 --item 'Bananas:50:Fresh Market'",
      'whctl purchase-orders create --data @order.json --query id',
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const fields = {
      po_number: flags.poNumber,
      location_name: flags.location,
      ...orderFields(flags),
      purchase_order_items: flags.item,
    };
    const order = await recordFrom(flags.data, 'purchase_order', fields);
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/purchase_orders', {
          params: { header: idempotencyHeader(flags) },
          body: { purchase_order: order as Schema<'PurchaseOrderCreate'> },
        }),
      ),
    );
  });
