import { Command, Option } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { listPaged, type PagingFlags, pagingOptions } from '../shared/listing.js';
import { deliveryColumns } from './fields.js';

interface Flags extends PagingFlags {
  status?: 'pending' | 'delivered' | 'failed';
}

export const deliveries = pagingOptions(
  new Command('deliveries')
    .description("list a webhook endpoint's deliveries, newest first, with their attempts (-o json)")
    .argument('<id>', 'webhook endpoint ID', recordId)
    .addOption(new Option('--status <status>', 'only these').choices(['pending', 'delivered', 'failed'])),
  '[0].attempts',
)
  .addHelpText(
    'after',
    examples(
      'whctl webhooks deliveries 1 --status failed',
      'whctl webhooks deliveries 1 --all -o ndjson > deliveries.ndjson',
      "whctl webhooks deliveries 1 -o json --query '[0].attempts'",
    ),
  )
  .action(async (id: number, flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const request = {
      path: '/webhook_endpoints/{id}/deliveries',
      pathParams: { id },
      filters: { status: flags.status },
      noun: 'deliveries',
      tableColumns: deliveryColumns,
    } as const;
    await listPaged(ctx, await ctx.connect(), request, flags);
  });
