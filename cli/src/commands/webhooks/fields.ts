// The webhook endpoint fields that have flags on create and update, and the columns of the
// endpoint and delivery tables (DECISIONS 240–249).
import type { Command } from 'commander';

export interface EndpointFlags {
  url?: string;
  types?: string;
  description?: string;
}

export function endpointOptions(command: Command): Command {
  return command
    .option('--url <url>', 'where deliveries are POSTed, https:// or http://')
    .option('--types <types>', "event types, comma-separated: exact, <kind>.* or * (default '*')")
    .option('--description <text>', 'a note for people');
}

export function endpointFields(flags: EndpointFlags): Record<string, unknown> {
  return {
    url: flags.url,
    event_types: flags.types?.split(',').map((type) => type.trim()),
    description: flags.description,
  };
}

export const endpointColumns = ['id', 'url', 'event_types', 'location_names', 'enabled', 'disabled_reason'];

export const deliveryColumns = ['id', 'event_id', 'event_type', 'status', 'reason', 'next_attempt_at', 'created_at'];
