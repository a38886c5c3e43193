import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';
import { endpointColumns } from './fields.js';

export const list = pagingOptions(
  new Command('list').description('list the webhook endpoints you administer'),
  '[?!enabled].id',
)
  .addHelpText('after', examples('whctl webhooks list', "whctl webhooks list --query '[?!enabled].id'"))
  .action(async (flags: PagingFlags, command: Command) => {
    const ctx = contextOf(command);
    await listPaged(
      ctx,
      await ctx.connect(),
      { path: '/webhook_endpoints', filters: {}, noun: 'webhook endpoints', tableColumns: endpointColumns },
      flags,
    );
  });
