import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';

export const get = new Command('get')
  .description('show a webhook endpoint (without its secret)')
  .argument('<id>', 'webhook endpoint ID', recordId)
  .addOption(queryOption('event_types'))
  .addHelpText('after', examples('whctl webhooks get 1 -o yaml', 'whctl webhooks get 1 --query event_types'))
  .action(async (id: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.print(await unwrap(client.GET('/webhook_endpoints/{id}', { params: { path: { id } } })));
  });
