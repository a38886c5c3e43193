import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';

export const get = new Command('get')
  .description('show a company')
  .argument('<id>', 'company ID', recordId)
  .addOption(queryOption('company_number'))
  .addHelpText('after', examples('whctl companies get 3 -o yaml', 'whctl companies get 3 --query company_number'))
  .action(async (id: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.print(await unwrap(client.GET('/companies/{id}', { params: { path: { id } } })));
  });
