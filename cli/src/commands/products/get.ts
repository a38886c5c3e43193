import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';

export const get = new Command('get')
  .description('show a product')
  .argument('<id>', 'product ID', recordId)
  .option('--location <name>', 'the location the product must be at (else 404)')
  .addOption(queryOption('sku'))
  .addHelpText('after', examples('whctl products get 1', "whctl products get 1 --location 'Toronto DC' --query sku"))
  .action(async (id: number, flags: { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.print(
      await unwrap(
        client.GET('/products/{id}', { params: { path: { id }, query: { location_name: flags.location } } }),
      ),
    );
  });
