// The appointment fields that have flags on create and update; packing lists go in --data.
import { type Command, Option } from 'commander';
import { repeated, wholeNumber } from '../shared/arguments.js';

export const STATES = [
  'needs_booking',
  'pending',
  'booked',
  'arrived',
  'started',
  'completed',
  'left',
  'cancelled',
] as const;

export interface AppointmentFlags {
  scheduledAt?: string;
  duration?: number;
  type?: string;
  dock?: string;
  carrier?: string;
  customer?: string;
  reference?: string[];
  notes?: string;
}

export function appointmentOptions(command: Command): Command {
  return command
    .option('--scheduled-at <time>', "start, ISO 8601; without an offset it is the warehouse's local time")
    .option('--duration <minutes>', 'length in minutes (default 60)', wholeNumber(1, 1440))
    .addOption(new Option('--type <type>', 'appointment type').choices(['delivery', 'pickup']))
    .option('--dock <name>', 'a dock of the warehouse')
    .option('--carrier <name>', 'a carrier company')
    .option('--customer <name>', 'a customer company')
    .option('--reference <number>', 'a reference number (repeat for more; replaces the list)', repeated)
    .option('--notes <text>', 'notes');
}

export function appointmentFields(flags: AppointmentFlags): Record<string, unknown> {
  return {
    scheduled_at: flags.scheduledAt,
    duration: flags.duration,
    appointment_type: flags.type,
    dock_name: flags.dock,
    carrier_name: flags.carrier,
    customer_name: flags.customer,
    reference_numbers: flags.reference,
    notes: flags.notes,
  };
}
