import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';

interface Flags extends KeySafety {
  location?: string;
  name?: string;
  sku?: string;
  data?: string;
}

export const create = safeWriteOptions(new Command('create'), 'POST', '/products')
  .description("add a product to a location's catalog")
  .option('--location <name>', 'the owning location (required on the organization interface)')
  .option('--name <name>', 'product name')
  .option('--sku <sku>', 'stock keeping unit, unique within the location')
  .addOption(dataOption())
  .addOption(queryOption('id'))
  .addHelpText(
    'after',
    examples(
      "whctl products create --location 'Toronto DC' --name Pears --sku PER-001",
      'whctl products create --data @product.json --query id',
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const product = await recordFrom(flags.data, 'product', {
      location_name: flags.location,
      name: flags.name,
      sku: flags.sku,
    });
    const client = await ctx.connect();
    // The API validates the record; --data may carry any field it accepts.
    await ctx.changed(
      await unwrap(
        client.POST('/products', {
          params: { header: idempotencyHeader(flags) },
          body: { product: product as Schema<'ProductCreate'> },
        }),
      ),
    );
  });
