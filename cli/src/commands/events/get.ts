import { unwrap } from '@warehouse-kit/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { contextOf } from '../../context.js';
import type { Row } from '../../output/cells.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { EVENT_COLUMNS } from './list.js';

function eventId(value: string): string {
  if (!/^evt_[0-9]{1,19}$/.test(value))
    throw new InvalidArgumentError('expected an event id such as evt_4200525414622045690');
  return value;
}

export const get = new Command('get')
  .description('show one event')
  .argument('<id>', 'event id (evt_...)', eventId)
  .addOption(queryOption('data.object'))
  .addHelpText(
    'after',
    `
Event ids are opaque (evt_ and digits in no order): take one from the feed or a webhook.
${examples(
  `whctl events get "$(whctl events list --limit 1 --query '[0].id')" -o yaml`,
  `whctl events get "$(whctl events list --limit 1 --query '[0].id')" --query data.object`,
)}`,
  )
  .action(async (id: string, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const event = await unwrap(client.GET('/events/{id}', { params: { path: { id } } }));
    await ctx.print(event as unknown as Row, EVENT_COLUMNS);
  });
