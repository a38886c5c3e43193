import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { queryOption } from '../shared/query-option.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';
import { deliveryColumns } from './fields.js';

export const redeliver = safeWriteOptions(
  new Command('redeliver'),
  'POST',
  '/webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver',
)
  .description("send a delivery's event again (same webhook-id), at once")
  .argument('<id>', 'webhook endpoint ID', recordId)
  .argument('<delivery-id>', 'delivery ID, from whctl webhooks deliveries', recordId)
  .addOption(queryOption('status'))
  .addHelpText('after', examples('whctl webhooks redeliver 1 1', 'whctl webhooks redeliver 1 1 --query status'))
  .action(async (id: number, deliveryId: number, flags: KeySafety, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id, delivery_id: deliveryId }, header: idempotencyHeader(flags) },
        }),
      ),
      deliveryColumns,
    );
  });
