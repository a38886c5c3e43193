import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command, Option } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom, requireChanges } from '../shared/record-input.js';
import { type ChangeSafety, ifMatchHeader, safeWriteOptions } from '../shared/safe-writes.js';
import { type AppointmentFlags, appointmentFields, appointmentOptions, STATES } from './fields.js';

interface Flags extends AppointmentFlags, ChangeSafety {
  state?: string;
  location?: string;
  data?: string;
}

export const update = appointmentOptions(
  safeWriteOptions(new Command('update'), 'PATCH', '/appointments/{id}')
    .description('reschedule an appointment, change its fields or its state (--state cancelled cancels it)')
    .argument('<id>', 'appointment ID', recordId)
    .addOption(
      new Option('--state <state>', 'move to this state, e.g. booked (approve), arrived, cancelled').choices(STATES),
    )
    .option('--location <name>', 'the location the appointment must be at (else 404); it does not move it'),
)
  .addOption(dataOption())
  .addOption(queryOption('ends_at'))
  .addHelpText(
    'after',
    examples(
      'whctl appointments update 1 --scheduled-at 2026-12-01T09:30:00 --query ends_at',
      'whctl appointments update 1 --state cancelled',
    ),
  )
  .action(async (id: number, flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const fields = { ...appointmentFields(flags), state: flags.state };
    const appointment = requireChanges(await recordFrom(flags.data, 'appointment', fields), 'a field flag, --state');
    const client = await ctx.connect();
    const params = { path: { id }, query: { location_name: flags.location } };
    const header = await ifMatchHeader(flags, () => client.GET('/appointments/{id}', { params }));
    await ctx.changed(
      await unwrap(
        client.PATCH('/appointments/{id}', {
          params: { ...params, header },
          body: { appointment: appointment as Schema<'AppointmentUpdate'> },
        }),
      ),
    );
  });
