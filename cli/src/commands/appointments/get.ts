import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';

export const get = new Command('get')
  .description('show an appointment with its packing lists')
  .argument('<id>', 'appointment ID', recordId)
  .option('--location <name>', 'the location the appointment must be at (else 404)')
  .addOption(queryOption('packing_lists'))
  .addHelpText('after', examples('whctl appointments get 1', 'whctl appointments get 1 --query packing_lists'))
  .action(async (id: number, flags: { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.print(
      await unwrap(
        client.GET('/appointments/{id}', { params: { path: { id }, query: { location_name: flags.location } } }),
      ),
    );
  });
