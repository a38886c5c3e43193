import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';

export const remove = safeWriteOptions(new Command('delete'), 'DELETE', '/companies/{id}')
  .description('delete a company (refused while appointments or order items name it)')
  .argument('<id>', 'company ID', recordId)
  .addHelpText('after', examples('whctl companies delete 5'))
  .action(async (id: number, flags: ChangeSafety, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const params = { path: { id } };
    const header = await ifMatchHeader(flags, () => client.GET('/companies/{id}', { params }));
    await unwrap(client.DELETE('/companies/{id}', { params: { ...params, header } }));
    ctx.notice(`deleted company ${id}`);
  });
