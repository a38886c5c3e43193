import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { UsageError } from '../../errors.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom, requireChanges } from '../shared/record-input.js';
import { type EndpointFlags, endpointColumns, endpointFields, endpointOptions } from './fields.js';

export const update = endpointOptions(
  new Command('update')
    .description("change a webhook endpoint's URL, types or description, or enable or disable it")
    .argument('<id>', 'webhook endpoint ID', recordId),
)
  .option('--enable', 'send to it again (clears disabled_reason; waiting deliveries go out)')
  .option('--disable', 'stop sending to it; deliveries wait')
  .addOption(dataOption())
  .addOption(queryOption('event_types'))
  .addHelpText(
    'after',
    examples(
      'whctl webhooks update 2 --enable',
      "whctl webhooks update 1 --types 'purchase_order.*,appointment.*' --query event_types",
    ),
  )
  .action(
    async (
      id: number,
      flags: EndpointFlags & { enable?: boolean; disable?: boolean; data?: string },
      command: Command,
    ) => {
      const ctx = contextOf(command);
      if (flags.enable && flags.disable) throw new UsageError('--enable and --disable cannot be used together');
      const enabled = flags.enable ? true : flags.disable ? false : undefined;
      const endpoint = requireChanges(
        await recordFrom(flags.data, 'webhook_endpoint', { ...endpointFields(flags), enabled }),
        '--url, --types, --description, --enable, --disable',
      );
      const client = await ctx.connect();
      await ctx.changed(
        await unwrap(
          client.PATCH('/webhook_endpoints/{id}', {
            params: { path: { id } },
            body: { webhook_endpoint: endpoint as Schema<'WebhookEndpointUpdate'> },
          }),
        ),
        endpointColumns,
      );
    },
  );
