import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';

export const get = new Command('get')
  .description('show a webhook endpoint (without its secret)')
  .argument('<id>', 'webhook endpoint ID', recordId)
  .addHelpText('after', examples('whctl webhooks get 3', 'whctl webhooks get 3 -o yaml'))
  .action(async (id: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.print(await unwrap(client.GET('/webhook_endpoints/{id}', { params: { path: { id } } })));
  });
