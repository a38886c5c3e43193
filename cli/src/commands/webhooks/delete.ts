import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';

export const remove = new Command('delete')
  .description('delete a webhook endpoint and its deliveries')
  .argument('<id>', 'webhook endpoint ID', recordId)
  .addHelpText('after', examples('whctl webhooks delete 2'))
  .action(async (id: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await unwrap(client.DELETE('/webhook_endpoints/{id}', { params: { path: { id } } }));
    ctx.notice(`deleted webhook endpoint ${id}`);
  });
