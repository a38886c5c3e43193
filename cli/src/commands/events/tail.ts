import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { UsageError } from '../../errors.js';
import { writeText } from '../../output/write.js';
import { examples } from '../shared/examples.js';
import { eventLine, type FollowFlags, followFeed, followOptions } from './feed-flags.js';

export const tail = followOptions(
  new Command('tail').description('follow the change feed like tail -f, one line per event, until Ctrl-C'),
  2000,
)
  .addHelpText(
    'after',
    `
Starts at the end of the feed (only what happens from now on), or after --after. Each event is
one line, "time type subject id"; with -o ndjson, the whole event as one JSON line. Ctrl-C
(SIGINT) or SIGTERM stops it with status 0.
${examples(
  "whctl events tail --types 'appointment.*'",
  'whctl events tail -o ndjson | jq -r \'select(.type == "purchase_order.moved") | .subject\'',
)}`,
  )
  .action(async (flags: FollowFlags, command: Command) => {
    const ctx = contextOf(command);
    const { output } = command.optsWithGlobals<{ output?: string }>();
    // A stream that never ends has no JSON array, table or CSV header to finish.
    if (output !== undefined && output !== 'ndjson')
      throw new UsageError(`events tail prints one line per event, or JSON lines with -o ndjson; not -o ${output}`);
    const ndjson = output === 'ndjson';
    const client = await ctx.connect();
    await followFeed(
      client,
      flags,
      () => ctx.notice(`following the feed${flags.after ? ` after ${flags.after}` : ' from now'}; Ctrl-C to stop`),
      (event) => writeText(ctx.stdout, `${ndjson ? JSON.stringify(event) : eventLine(event)}\n`),
    );
  });
