import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';
import { orderColumns } from './fields.js';

interface Flags extends PagingFlags {
  location?: string;
  poNumber?: string;
  startTime?: string;
  endTime?: string;
  updatedSince?: string;
}

export const list = pagingOptions(
  new Command('list')
    .description(
      'list purchase orders: at every accessible location plus unassigned ones, or at one plus unassigned ones',
    )
    .option(
      '--location <name>',
      "this location's orders plus unassigned orders; offset-less times are read in its zone",
    )
    .option('--po-number <number>', 'this PO number exactly')
    .option('--start-time <time>', 'expected to start at or after this time (ISO 8601)')
    .option('--end-time <time>', 'expected to start at or before this time')
    .option('--updated-since <time>', 'created or updated at or after this time'),
  '[].po_number',
)
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders list --location 'Toronto DC'",
      'whctl purchase-orders list --updated-since 2026-11-01T00:00:00Z --all -o ndjson',
      "whctl purchase-orders list --all --query '[].po_number' -o json",
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const filters = {
      location_name: flags.location,
      po_number: flags.poNumber,
      start_time: flags.startTime,
      end_time: flags.endTime,
      updated_since: flags.updatedSince,
    };
    await listPaged(
      ctx,
      await ctx.connect(),
      { path: '/purchase_orders', filters, noun: 'purchase orders', tableColumns: orderColumns },
      flags,
    );
  });
