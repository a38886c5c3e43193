import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { endpointColumns } from './fields.js';

export const rotate = new Command('rotate')
  .description('give a webhook endpoint a new secret; the old one signs too for 24 hours')
  .argument('<id>', 'webhook endpoint ID', recordId)
  .addOption(queryOption('secret'))
  .addHelpText('after', examples('whctl webhooks rotate 1', 'whctl webhooks rotate 1 --query secret'))
  .action(async (id: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    // Printed even with --quiet: the secret is never shown again.
    await ctx.print(await unwrap(client.POST('/webhook_endpoints/{id}/rotate_secret', { params: { path: { id } } })), [
      ...endpointColumns,
      'previous_secret_expires_at',
      'secret',
    ]);
  });
