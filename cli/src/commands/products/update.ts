import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom, requireChanges } from '../shared/record-input.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';

interface Flags extends ChangeSafety {
  location?: string;
  name?: string;
  sku?: string;
  data?: string;
}

export const update = safeWriteOptions(new Command('update'), 'PATCH', '/products/{id}')
  .description('change fields of a product (a product never moves to another location)')
  .argument('<id>', 'product ID', recordId)
  .option('--name <name>', 'new name')
  .option('--sku <sku>', 'new SKU')
  .option('--location <name>', 'the location the product must be at (else 404); it does not move it')
  .addOption(dataOption())
  .addOption(queryOption('updated_at'))
  .addHelpText(
    'after',
    examples(
      "whctl products update 1 --name 'Green apples'",
      "whctl products update 1 --sku APL-002 --location 'Toronto DC' --query updated_at",
    ),
  )
  .action(async (id: number, flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const product = requireChanges(
      await recordFrom(flags.data, 'product', { name: flags.name, sku: flags.sku }),
      '--name, --sku',
    );
    const client = await ctx.connect();
    const params = { path: { id }, query: { location_name: flags.location } };
    const header = await ifMatchHeader(flags, () => client.GET('/products/{id}', { params }));
    await ctx.changed(
      await unwrap(
        client.PATCH('/products/{id}', {
          params: { ...params, header },
          body: { product: product as Schema<'ProductUpdate'> },
        }),
      ),
    );
  });
