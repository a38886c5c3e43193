// The options every command reading the change feed shares (list, tail, listen), the SDK
// feed options they stand for, and following the feed until stopped (tail, listen).
import { type Event, type EventFeedOptions, eventPages, iterateEvents, type WarehouseClient } from '@warehouse-kit/sdk';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { eventTypes, pollSeconds } from '../shared/arguments.js';
import { untilSignal } from '../shared/until-signal.js';

export interface FeedFlags {
  after?: string;
  types?: string;
  location?: string;
}

// The feed's own bounds (spec: `after` at most 200 URL-safe characters, `types` at most 1000),
// checked here so a typo is a usage error before any request.
function cursor(value: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value))
    throw new InvalidArgumentError('expected a cursor as the feed gives it (next_cursor, or an event cursor)');
  return value;
}

function typeList(value: string): string {
  if (value.length > 1000) throw new InvalidArgumentError('expected at most 1000 characters of event types');
  return eventTypes(value).join(',');
}

export function feedOptions(command: Command): Command {
  return command
    .option('--after <cursor>', 'read after this cursor (a next_cursor, or an event cursor)', cursor)
    .option('--types <types>', 'only these types: exact, <kind>.* or *, comma-separated', typeList)
    .option('--location <name>', "only this location's events and the organization-wide ones");
}

/** The SDK's options for the flags given. */
export function feedQuery(flags: FeedFlags): EventFeedOptions {
  return {
    ...(flags.after !== undefined && { after: flags.after }),
    ...(flags.types !== undefined && { types: flags.types }),
    ...(flags.location !== undefined && { location_name: flags.location }),
  };
}

export interface FollowFlags extends FeedFlags {
  /** Milliseconds between polls once caught up. */
  interval: number;
}

/** The feed options and --interval, for the commands that follow the feed (tail, listen). */
export function followOptions(command: Command, defaultInterval: number): Command {
  return feedOptions(command).addOption(
    new Option('--interval <seconds>', 'seconds between polls once caught up')
      .argParser(pollSeconds)
      .default(defaultInterval, String(defaultInterval / 1000)),
  );
}

/**
 * Follows the feed from --after, or else from its end as it is now, until SIGINT or SIGTERM.
 * The end is asked for before `ready` says the command is following, so nothing written after
 * that line is missed; `each` gets every event, and the signal that stops the command.
 */
export async function followFeed(
  client: WarehouseClient,
  flags: FollowFlags,
  ready: () => void,
  each: (event: Event, signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const { signal, dispose } = untilSignal();
  try {
    let after = flags.after;
    if (after === undefined)
      for await (const page of eventPages(client, { ...feedQuery(flags), start: 'latest', signal })) {
        after = page.next_cursor;
        break;
      }
    // Stopped before the feed's end came back: nothing to follow.
    if (signal.aborted) return;
    const feed = iterateEvents(client, {
      ...feedQuery(flags),
      after,
      follow: true,
      pollInterval: flags.interval,
      signal,
    });
    ready();
    for await (const event of feed) await each(event, signal);
  } finally {
    dispose();
  }
}

/** One line per event for a person: when, what, which record, and its id. */
export function eventLine(event: { time: string; type: string; subject: string; id: string }): string {
  return `${event.time} ${event.type} ${event.subject} ${event.id}`;
}
