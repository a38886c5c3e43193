// The purchase order fields that have flags on create and update; custom values go in --data,
// and line items too, except on create, which also takes them from --item (items.ts).
import type { Command } from 'commander';
import { repeated } from '../shared/arguments.js';

export interface OrderFlags {
  expectedStartsAt?: string;
  expectedEndsAt?: string;
  carrier?: string;
  notes?: string;
  reference?: string[];
}

export function orderOptions(command: Command): Command {
  return command
    .option(
      '--expected-starts-at <time>',
      "expected start, ISO 8601; without an offset, the warehouse's local time (UTC when unassigned)",
    )
    .option('--expected-ends-at <time>', 'expected end, not before the start')
    .option('--carrier <name>', 'the carrier expected to deliver, as text')
    .option('--notes <text>', 'notes')
    .option('--reference <number>', 'a reference number (repeat for more; replaces the list)', repeated);
}

export function orderFields(flags: OrderFlags): Record<string, unknown> {
  return {
    expected_starts_at: flags.expectedStartsAt,
    expected_ends_at: flags.expectedEndsAt,
    carrier_name: flags.carrier,
    notes: flags.notes,
    reference_numbers: flags.reference,
  };
}

export const orderColumns = [
  'id',
  'po_number',
  'location_name',
  'expected_starts_at',
  'expected_ends_at',
  'carrier_name',
];
