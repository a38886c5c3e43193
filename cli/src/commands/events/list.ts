import { eventPages } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import type { Row } from '../../output/cells.js';
import { wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { type FeedFlags, feedOptions, feedQuery } from './feed-flags.js';

interface Flags extends FeedFlags {
  all?: boolean;
  limit?: number;
}

export const EVENT_COLUMNS = ['id', 'type', 'subject', 'time'] as const;

export const list = feedOptions(
  new Command('list')
    .description('list events of the change feed, oldest first')
    .option('--limit <n>', 'events per page, 1 to 100 (default 100)', wholeNumber(1, 100))
    .option('--all', 'read on page after page until the feed has no more'),
)
  .addOption(queryOption('[].subject'))
  .addHelpText(
    'after',
    `
Without --all one page is listed; stderr then says how to read on (--after <cursor>).
${examples(
  "whctl events list --types 'purchase_order.*' --location 'Toronto DC'",
  "whctl events list --types 'appointment.*' --query '[].subject'",
  'whctl events list --after "$(cat cursor.txt)" --all -o ndjson',
)}`,
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const sink = await ctx.list(EVENT_COLUMNS);
    let cursor: string | undefined;
    for await (const page of eventPages(client, {
      ...feedQuery(flags),
      ...(flags.limit !== undefined && { limit: flags.limit }),
    })) {
      for (const event of page.events) await sink.write(event as unknown as Row);
      cursor = page.next_cursor;
      if (!flags.all) break;
    }
    await sink.end();
    if (cursor) ctx.notice(`read on with: whctl events list --after ${cursor}`);
  });
