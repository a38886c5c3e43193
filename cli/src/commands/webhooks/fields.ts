// The webhook endpoint fields that have flags on create and update, and the columns of the
// endpoint and delivery tables (DECISIONS 240–249).
import { type Command, InvalidArgumentError } from 'commander';
import { eventTypes } from '../shared/arguments.js';

export interface EndpointFlags {
  url?: string;
  types?: string[];
  description?: string;
}

/** An endpoint's event types, as the spec bounds them (at most 50), checked before any request. */
function endpointTypes(value: string): string[] {
  const types = eventTypes(value);
  if (types.length > 50) throw new InvalidArgumentError(`expected at most 50 event types, not ${types.length}`);
  return types;
}

export function endpointOptions(command: Command): Command {
  return command
    .option('--url <url>', 'where deliveries are POSTed, https:// or http://')
    .option('--types <types>', "event types, comma-separated: exact, <kind>.* or * (default '*')", endpointTypes)
    .option('--description <text>', 'a note for people');
}

export function endpointFields(flags: EndpointFlags): Record<string, unknown> {
  return {
    url: flags.url,
    event_types: flags.types,
    description: flags.description,
  };
}

export const endpointColumns = ['id', 'url', 'event_types', 'location_names', 'enabled', 'disabled_reason'];

export const deliveryColumns = ['id', 'event_id', 'event_type', 'status', 'reason', 'next_attempt_at', 'created_at'];
