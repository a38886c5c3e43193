import { generateWebhookSecret, iterateEvents } from '@warehouse-kit/sdk';
import { Command, InvalidArgumentError } from 'commander';
import { contextOf } from '../../context.js';
import { writeText } from '../../output/write.js';
import { eventLine, type FeedFlags, feedOptions, followQuery } from '../events/feed-flags.js';
import { pollSeconds, wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { untilSignal } from '../shared/until-signal.js';
import { forward } from './forward.js';

interface Flags extends FeedFlags {
  forwardTo: URL;
  interval: number;
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

export const listen = feedOptions(
  new Command('listen')
    .description('forward the change feed to a local webhook receiver, signed with a session secret')
    .requiredOption('--forward-to <url>', 'the receiver, e.g. http://localhost:4242/hook', localUrl)
    .option('--interval <seconds>', 'seconds between polls once caught up', pollSeconds, 1000)
    .option('--attempts <n>', 'attempts per event before moving on, 1 to 10', wholeNumber(1, 10), 4),
)
  .addHelpText(
    'after',
    `
Like stripe listen, without a tunnel: whctl reads the feed (from now on, or after --after) and
POSTs each event to --forward-to as the deployment's webhooks would, signed per Standard
Webhooks with a secret made for this session and printed first. Verify with the SDK's
verifyWebhook(body, headers, secret). One line per delivery: the event, then the receiver's
status for each attempt; a failing receiver is retried with backoff (0.5 s, doubling), then
the event is skipped. Ctrl-C (SIGINT) or SIGTERM stops it with status 0.${examples(
      'whctl listen --forward-to http://localhost:4242/hook',
      "whctl listen --forward-to http://localhost:4242/hook --types 'appointment.*' --location 'Toronto DC'",
    )}`,
  )
  .action(async (flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const secret = generateWebhookSecret();
    const { signal, dispose } = untilSignal();
    try {
      const feed = iterateEvents(client, {
        ...(await followQuery(client, flags)),
        follow: true,
        pollInterval: flags.interval,
        signal,
      });
      // Printed even with --quiet: without it nothing can verify what is forwarded.
      ctx.stderr.write(
        `Ready: forwarding events to ${flags.forwardTo.href}; signing secret ${secret} (Ctrl-C to stop)\n`,
      );
      for await (const event of feed) {
        const { outcomes, delivered } = await forward(flags.forwardTo, event, {
          secret,
          attempts: flags.attempts,
          backoff: 500,
          timeout: 10_000,
          signal,
        });
        if (!outcomes.length) break;
        const result = delivered
          ? outcomes.join(', ')
          : `${outcomes.join(', ')}: gave up after ${outcomes.length} attempts`;
        await writeText(ctx.stdout, `${eventLine(event)} -> ${result}\n`);
      }
    } finally {
      dispose();
    }
  });
