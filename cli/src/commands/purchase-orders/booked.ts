import { paginateOffset, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { query } from '../shared/listing.js';
import { queryOption } from '../shared/query-option.js';

interface Flags {
  location?: string;
  startTime?: string;
  endTime?: string;
  updatedSince?: string;
  limit?: number;
  offset?: number;
  all?: boolean;
}

const columns = ['id', 'po_number', 'location_name', 'expected_starts_at', 'updated_at'];

export const booked = new Command('booked')
  .description('list orders with booked appointments at accessible locations (paged by --limit and --offset)')
  .option('--location <name>', "this location's orders plus unassigned orders")
  .option('--start-time <time>', 'with a booked appointment starting at or after this time (ISO 8601)')
  .option('--end-time <time>', 'with a booked appointment starting at or before this time')
  .option('--updated-since <time>', 'created or updated at or after this time')
  .option('--limit <n>', 'orders per request, 1 to 250 (default 100, or 250 with --all)', wholeNumber(1, 250))
  .option('--offset <n>', 'orders to skip (default 0)', wholeNumber(0, Number.MAX_SAFE_INTEGER))
  .option('--all', 'follow every page, streaming orders as they arrive')
  .addOption(queryOption('[].po_number'))
  .addHelpText(
    'after',
    examples(
      "whctl purchase-orders booked --location 'Toronto DC' --start-time 2026-12-01T00:00:00 --query '[].po_number'",
      'whctl purchase-orders booked --updated-since 2026-11-01T00:00:00Z --all -o ndjson',
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const filters = {
      location_name: flags.location,
      start_time: flags.startTime,
      end_time: flags.endTime,
      updated_since: flags.updatedSince,
    };
    const sink = await ctx.list(columns);
    if (flags.all) {
      const bar = ctx.progress('fetching purchase orders');
      let done = 0;
      try {
        const params = { query: query({ ...filters, limit: flags.limit ?? 250, offset: flags.offset }) };
        for await (const order of paginateOffset(client, '/purchase_orders/with_booked_appointments', { params })) {
          await sink.write(order);
          bar.update(++done);
        }
      } finally {
        bar.stop();
      }
    } else {
      const params = { query: query({ ...filters, limit: flags.limit, offset: flags.offset }) };
      for (const order of await unwrap(client.GET('/purchase_orders/with_booked_appointments', { params })))
        await sink.write(order);
    }
    await sink.end();
  });
