import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { type OrderFlags, orderFields, orderOptions } from './fields.js';

interface Flags extends OrderFlags {
  poNumber?: string;
  location?: string;
  data?: string;
}

export const create = orderOptions(
  new Command('create')
    .description('create a purchase order, assigned to a warehouse or unassigned')
    .option('--po-number <number>', 'PO number, unique in the organization')
    .option('--location <name>', 'assign it to this warehouse (default: unassigned)'),
)
  .addOption(dataOption())
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const fields = { po_number: flags.poNumber, location_name: flags.location, ...orderFields(flags) };
    const order = await recordFrom(flags.data, 'purchase_order', fields);
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/purchase_orders', { body: { purchase_order: order as Schema<'PurchaseOrderCreate'> } }),
      ),
    );
  });
