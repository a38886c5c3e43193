import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';

export const remove = new Command('delete')
  .description('delete a product (refused while active appointments name it)')
  .argument('<id>', 'product ID', recordId)
  .option('--location <name>', 'the location the product must be at (else 404)')
  .addHelpText('after', examples('whctl products delete 42', "whctl products delete 42 --location 'Toronto DC'"))
  .action(async (id: number, flags: { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await unwrap(
      client.DELETE('/products/{id}', { params: { path: { id }, query: { location_name: flags.location } } }),
    );
    ctx.notice(`deleted product ${id}`);
  });
