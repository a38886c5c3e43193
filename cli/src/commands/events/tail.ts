import { iterateEvents } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { writeText } from '../../output/write.js';
import { pollSeconds } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { untilSignal } from '../shared/until-signal.js';
import { eventLine, type FeedFlags, feedOptions, followQuery } from './feed-flags.js';

interface Flags extends FeedFlags {
  interval: number;
}

export const tail = feedOptions(
  new Command('tail')
    .description('follow the change feed like tail -f, one line per event, until Ctrl-C')
    .option('--interval <seconds>', 'seconds between polls once caught up', pollSeconds, 2000),
)
  .addHelpText(
    'after',
    `
Starts at the end of the feed (only what happens from now on), or after --after. Each event is
one line, "time type subject id"; with -o ndjson, the whole event as one JSON line. Ctrl-C
(SIGINT) or SIGTERM stops it with status 0.${examples(
      "whctl events tail --types 'appointment.*'",
      'whctl events tail -o ndjson | jq -r \'select(.type == "purchase_order.moved") | .subject\'',
    )}`,
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const ndjson = command.optsWithGlobals<{ output?: string }>().output === 'ndjson';
    const client = await ctx.connect();
    const { signal, dispose } = untilSignal();
    try {
      const feed = iterateEvents(client, {
        ...(await followQuery(client, flags)),
        follow: true,
        pollInterval: flags.interval,
        signal,
      });
      ctx.notice(`following the feed${flags.after ? ` after ${flags.after}` : ' from now'}; Ctrl-C to stop`);
      for await (const event of feed)
        await writeText(ctx.stdout, `${ndjson ? JSON.stringify(event) : eventLine(event)}\n`);
    } finally {
      dispose();
    }
  });
