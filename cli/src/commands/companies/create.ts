import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';
import { type CompanyFlags, companyFields, companyOptions } from './fields.js';

export const create = companyOptions(
  safeWriteOptions(new Command('create'), 'POST', '/companies').description(
    'add a customer or carrier to the organization',
  ),
)
  .addOption(dataOption())
  .addOption(queryOption('id'))
  .addHelpText(
    'after',
    examples(
      "whctl companies create --name 'Swift Haulage' --type carrier --auto-approve",
      'whctl companies create --data \'{"name": "Green Grocer", "company_type": "customer"}\' --query id',
    ),
  )
  .action(async (flags: CompanyFlags & KeySafety & { data?: string }, command: Command) => {
    const ctx = contextOf(command);
    const company = await recordFrom(flags.data, 'company', companyFields(flags));
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/companies', {
          params: { header: idempotencyHeader(flags) },
          body: { company: company as Schema<'CompanyCreate'> },
        }),
      ),
    );
  });
