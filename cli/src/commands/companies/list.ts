import { Command, Option } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';
import { companyColumns } from './fields.js';

interface Flags extends PagingFlags {
  name?: string;
  type?: string;
  number?: string;
  location?: string;
}

export const list = pagingOptions(
  new Command('list')
    .description("list the organization's customers and carriers")
    .option('--name <prefix>', 'names starting with this, case-insensitively')
    .addOption(new Option('--type <type>', 'only this type').choices(['customer', 'carrier']))
    .option('--number <number>', 'this company number exactly')
    .option('--location <name>', "apply this location's permissions (companies are organization-wide)"),
  '[].{id: id, name: name}',
)
  .addHelpText(
    'after',
    examples(
      'whctl companies list --type customer',
      "whctl companies list --name Fast --query '[].{id: id, name: name}'",
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const filters = {
      name: flags.name,
      company_type: flags.type,
      company_number: flags.number,
      location_name: flags.location,
    };
    await listPaged(
      ctx,
      await ctx.connect(),
      { path: '/companies', filters, noun: 'companies', tableColumns: companyColumns },
      flags,
    );
  });
