import { Command, InvalidArgumentError } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';

interface Flags extends PagingFlags {
  location?: string;
  startDate?: string;
  endDate?: string;
  product?: string;
}

function localDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new InvalidArgumentError('expected a local date YYYY-MM-DD');
  return value;
}

export const list = pagingOptions(
  new Command('list')
    .description(
      "list enabled product limits with each date's quantity and window (default: each warehouse's next 8 days)",
    )
    .option('--location <name>', 'only this warehouse')
    .option('--start-date <date>', 'first local date, YYYY-MM-DD', localDate)
    .option('--end-date <date>', 'last local date, YYYY-MM-DD (at most 92 days after the start)', localDate)
    .option('--product <name>', 'only this product name'),
  '[].quantity',
)
  .addHelpText(
    'after',
    examples(
      "whctl product-limits list --location 'Toronto DC'",
      'whctl product-limits list --start-date 2026-12-21 --end-date 2026-12-31 --product Apples',
      "whctl product-limits list --product Apples --query '[].quantity'",
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const filters = {
      location_name: flags.location,
      start_date: flags.startDate,
      end_date: flags.endDate,
      product_name: flags.product,
    };
    const tableColumns = [
      'id',
      'location_name',
      'product_name',
      'quantity',
      'start_time',
      'end_time',
      'start_date',
      'end_date',
    ];
    await listPaged(
      ctx,
      await ctx.connect(),
      { path: '/product_limits', filters, noun: 'product limits', tableColumns },
      flags,
    );
  });
