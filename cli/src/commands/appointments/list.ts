import { Command, Option } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';
import { STATES } from './fields.js';

interface Flags extends PagingFlags {
  location?: string;
  state?: string;
  startTime?: string;
  endTime?: string;
  updatedSince?: string;
}

export const list = pagingOptions(
  new Command('list')
    .description('list appointments at the accessible locations, or at one')
    .option('--location <name>', 'only this location; offset-less times are then read in its zone')
    .addOption(new Option('--state <state>', 'only appointments in this state').choices(STATES))
    .option('--start-time <time>', 'scheduled to start at or after this time (ISO 8601)')
    .option('--end-time <time>', 'scheduled to start at or before this time')
    .option('--updated-since <time>', 'created or updated at or after this time'),
  '[].scheduled_at',
)
  .addHelpText(
    'after',
    examples(
      "whctl appointments list --location 'Toronto DC' --start-time 2026-12-01T00:00:00 --query '[].scheduled_at'",
      'whctl appointments list --state pending --all -o ndjson',
    ),
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const filters = {
      location_name: flags.location,
      state: flags.state,
      start_time: flags.startTime,
      end_time: flags.endTime,
      updated_since: flags.updatedSince,
    };
    const tableColumns = ['id', 'location_name', 'state', 'scheduled_at', 'duration', 'dock_name', 'carrier_name'];
    await listPaged(
      ctx,
      await ctx.connect(),
      { path: '/appointments', filters, noun: 'appointments', tableColumns },
      flags,
    );
  });
