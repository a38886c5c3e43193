import { generateWebhookSecret } from '@warehouse-kit/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { contextOf } from '../../context.js';
import { writeText } from '../../output/write.js';
import { eventLine, type FollowFlags, followFeed, followOptions } from '../events/feed-flags.js';
import { wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { forward } from './forward.js';

interface Flags extends FollowFlags {
  forwardTo: URL;
  attempts: number;
}

function localUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected a URL such as http://localhost:4242/hook');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('expected an http:// or https:// URL');
  return url;
}

export const listen = followOptions(
  new Command('listen')
    .description('forward the change feed to a local webhook receiver, signed with a session secret')
    .requiredOption('--forward-to <url>', 'the receiver, e.g. http://localhost:4242/hook', localUrl)
    .option('--attempts <n>', 'attempts per event before moving on, 1 to 10', wholeNumber(1, 10), 4),
  1000,
)
  .addHelpText(
    'after',
    `
Like stripe listen, without a tunnel: whctl reads the feed (from now on, or after --after) and
POSTs each event to --forward-to as the deployment's webhooks would, signed per Standard
Webhooks with a secret made for this session and printed first. Verify with the SDK's
verifyWebhook(body, headers, secret). One line per delivery: the event, then the receiver's
status for each attempt; a failing receiver is retried with backoff (0.5 s, doubling), then
the event is skipped. Ctrl-C (SIGINT) or SIGTERM stops it with status 0.
${examples(
  'whctl listen --forward-to http://localhost:4242/hook',
  "whctl listen --forward-to http://localhost:4242/hook --types 'appointment.*' --location 'Toronto DC'",
)}`,
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const secret = generateWebhookSecret();
    await followFeed(
      client,
      flags,
      // Printed even with --quiet: without it nothing can verify what is forwarded.
      () =>
        ctx.stderr.write(
          `Ready: forwarding events to ${flags.forwardTo.href}; signing secret ${secret} (Ctrl-C to stop)\n`,
        ),
      async (event, signal) => {
        const options = { secret, attempts: flags.attempts, backoff: 500, timeout: 10_000, signal };
        const { outcomes, delivered } = await forward(flags.forwardTo, event, options);
        // Stopped before the first attempt: nothing to report.
        if (!outcomes.length) return;
        const result = delivered
          ? outcomes.join(', ')
          : `${outcomes.join(', ')}: gave up after ${outcomes.length} attempts`;
        await writeText(ctx.stdout, `${eventLine(event)} -> ${result}\n`);
      },
    );
  });
