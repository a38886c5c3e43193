import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom, requireChanges } from '../shared/record-input.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';
import { type CompanyFlags, companyFields, companyOptions } from './fields.js';

export const update = companyOptions(
  safeWriteOptions(new Command('update'), 'PATCH', '/companies/{id}')
    .description('change fields of a company, for the whole organization')
    .argument('<id>', 'company ID', recordId),
)
  .addOption(dataOption())
  .addOption(queryOption('auto_approve_appointments'))
  .addHelpText(
    'after',
    examples(
      'whctl companies update 3 --contact-email dispatch@fastfreight.example',
      'whctl companies update 3 --no-auto-approve --query auto_approve_appointments',
    ),
  )
  .action(async (id: number, flags: CompanyFlags & ChangeSafety & { data?: string }, command: Command) => {
    const ctx = contextOf(command);
    const company = requireChanges(await recordFrom(flags.data, 'company', companyFields(flags)), 'a field flag');
    const client = await ctx.connect();
    const params = { path: { id } };
    const header = await ifMatchHeader(flags, () => client.GET('/companies/{id}', { params }));
    await ctx.changed(
      await unwrap(
        client.PATCH('/companies/{id}', {
          params: { ...params, header },
          body: { company: company as Schema<'CompanyUpdate'> },
        }),
      ),
    );
  });
