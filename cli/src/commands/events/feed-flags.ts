// The options every command reading the change feed shares (list, tail, listen), and the
// SDK feed options they stand for.
import { type EventFeedOptions, eventPages, type WarehouseClient } from '@warehouse-kit/sdk';
import { type Command, InvalidArgumentError } from 'commander';

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
  const types = value
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  if (!types.length || value.length > 1000 || types.some((type) => !/^(\*|[a-z_]+\.(\*|[a-z_]+))$/.test(type)))
    throw new InvalidArgumentError('expected comma-separated event types, e.g. purchase_order.*,appointment.booked');
  return types.join(',');
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

/**
 * The SDK's options for following the feed from `--after`, or else from its end as it is now:
 * asked before the command says it is following, so nothing written after that is missed.
 */
export async function followQuery(client: WarehouseClient, flags: FeedFlags): Promise<EventFeedOptions> {
  if (flags.after !== undefined) return feedQuery(flags);
  for await (const page of eventPages(client, { ...feedQuery(flags), start: 'latest' }))
    return { ...feedQuery(flags), after: page.next_cursor };
  throw new Error('the feed answered no page');
}

/** One line per event for a person: when, what, which record, and its id. */
export function eventLine(event: { time: string; type: string; subject: string; id: string }): string {
  return `${event.time} ${event.type} ${event.subject} ${event.id}`;
}
