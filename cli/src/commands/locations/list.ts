import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';

export const list = new Command('list')
  .description('list the accessible locations with their names, subdomains and time zones (not paginated)')
  .option('--location <name>', 'only this location, e.g. to check access to it')
  .addOption(queryOption('[].name'))
  .addHelpText(
    'after',
    examples(
      'whctl locations list',
      "whctl locations list --location 'toronto dc'",
      "whctl locations list --query '[].[name, time_zone]'",
    ),
  )
  .action(async (flags: { location?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const locations = await unwrap(client.GET('/locations', { params: { query: { location_name: flags.location } } }));
    const sink = await ctx.list(['name', 'url', 'time_zone']);
    for (const location of locations) await sink.write(location);
    await sink.end();
  });
