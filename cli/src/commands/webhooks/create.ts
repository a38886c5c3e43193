import { type Schema, unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { repeated } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { dataOption, recordFrom } from '../shared/record-input.js';
import { type EndpointFlags, endpointColumns, endpointFields, endpointOptions } from './fields.js';

export const create = endpointOptions(
  new Command('create').description('add a webhook endpoint; its secret is shown this once (whsec_...)'),
)
  .option('--location <name>', 'a location it covers, repeatable (default: every location)', repeated)
  .option('--disabled', 'create it disabled')
  .addOption(dataOption())
  .addOption(queryOption('secret'))
  .addHelpText(
    'after',
    examples(
      "whctl webhooks create --url http://localhost:4242/hook --types 'appointment.*,purchase_order.moved'",
      "whctl webhooks create --url http://localhost:4242/hook --location 'Toronto DC' --query secret",
    ),
  )
  .action(
    async (flags: EndpointFlags & { location?: string[]; disabled?: boolean; data?: string }, command: Command) => {
      const ctx = contextOf(command);
      const endpoint = await recordFrom(flags.data, 'webhook_endpoint', {
        ...endpointFields(flags),
        location_names: flags.location,
        enabled: flags.disabled ? false : undefined,
      });
      const client = await ctx.connect();
      // Printed even with --quiet: the secret is never shown again.
      await ctx.print(
        await unwrap(
          client.POST('/webhook_endpoints', {
            body: { webhook_endpoint: endpoint as Schema<'WebhookEndpointCreate'> },
          }),
        ),
        [...endpointColumns, 'secret'],
      );
    },
  );
