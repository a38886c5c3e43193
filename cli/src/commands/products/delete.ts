import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';

export const remove = safeWriteOptions(new Command('delete'), 'DELETE', '/products/{id}')
  .description('delete a product (refused while active appointments name it)')
  .argument('<id>', 'product ID', recordId)
  .option('--location <name>', 'the location the product must be at (else 404)')
  .addHelpText('after', examples('whctl products delete 3', "whctl products delete 3 --location 'Toronto DC'"))
  .action(async (id: number, flags: { location?: string } & ChangeSafety, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const params = { path: { id }, query: { location_name: flags.location } };
    const header = await ifMatchHeader(flags, () => client.GET('/products/{id}', { params }));
    await unwrap(client.DELETE('/products/{id}', { params: { ...params, header } }));
    ctx.notice(`deleted product ${id}`);
  });
