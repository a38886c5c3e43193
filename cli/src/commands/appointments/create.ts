import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';
import { type AppointmentFlags, appointmentFields, appointmentOptions } from './fields.js';

export const create = appointmentOptions(
  safeWriteOptions(new Command('create'), 'POST', '/appointments')
    .description('schedule an appointment; without --scheduled-at it needs booking')
    .option('--location <name>', 'the warehouse (required on the organization interface)'),
)
  .addOption(dataOption())
  .addOption(queryOption('id'))
  .addHelpText(
    'after',
    examples(
      "whctl appointments create --location 'Toronto DC' --scheduled-at 2026-12-01T08:00:00 --dock 'Dock 1' --carrier 'Fast Freight'",
      'whctl appointments create --data @appointment.json --query id',
    ),
  )
  .action(async (flags: AppointmentFlags & KeySafety & { location?: string; data?: string }, command: Command) => {
    const ctx = contextOf(command);
    const appointment = await recordFrom(flags.data, 'appointment', {
      location_name: flags.location,
      ...appointmentFields(flags),
    });
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/appointments', {
          params: { header: idempotencyHeader(flags) },
          body: { appointment: appointment as Schema<'AppointmentCreate'> },
        }),
      ),
    );
  });
