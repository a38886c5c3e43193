import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';

interface Flags extends PagingFlags {
  location?: string;
  name?: string;
  sku?: string;
}

export const list = pagingOptions(
  new Command('list')
    .description("list products: the catalogs of every accessible location, or one location's")
    .option('--location <name>', "only this location's catalog")
    .option('--name <prefix>', 'names starting with this, case-insensitively')
    .option('--sku <sku>', 'this SKU, case-insensitively'),
  '[0].id',
)
  .addHelpText(
    'after',
    examples(
      "whctl products list --location 'Toronto DC' --name App",
      'whctl products list --all -o csv > products.csv',
      "whctl products list --sku APL-001 --query '[0].id'",
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const filters = { location_name: flags.location, name: flags.name, sku: flags.sku };
    const request = {
      path: '/products',
      filters,
      noun: 'products',
      tableColumns: ['id', 'name', 'sku', 'location_name'],
    } as const;
    await listPaged(ctx, await ctx.connect(), request, flags);
  });
