import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { deliveryColumns } from './fields.js';

export const redeliver = new Command('redeliver')
  .description("send a delivery's event again (same webhook-id), at once")
  .argument('<id>', 'webhook endpoint ID', recordId)
  .argument('<delivery-id>', 'delivery ID, from whctl webhooks deliveries', recordId)
  .addHelpText('after', examples('whctl webhooks redeliver 3 17'))
  .action(async (id: number, deliveryId: number, _flags: object, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    await ctx.changed(
      await unwrap(
        client.POST('/webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id, delivery_id: deliveryId } },
        }),
      ),
      deliveryColumns,
    );
  });
