import { unwrap } from '@warehouse-kit/sdk';
import { Command, Option } from 'commander';
import { contextOf } from '../../context.js';
import type { Row } from '../../output/cells.js';
import { recordId, wholeNumber } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { query, queryOption } from '../shared/listing.js';
import { deliveryColumns } from './fields.js';

interface Flags {
  status?: 'pending' | 'delivered' | 'failed';
  page?: number;
  perPage?: number;
}

export const deliveries = queryOption(
  new Command('deliveries')
    .description("list a webhook endpoint's deliveries, newest first, with their attempts (-o json)")
    .argument('<id>', 'webhook endpoint ID', recordId)
    .addOption(new Option('--status <status>', 'only these').choices(['pending', 'delivered', 'failed']))
    .option('--page <n>', 'the page to fetch, from 1', wholeNumber(1, 1_000_000))
    .option('--per-page <n>', 'deliveries per page, 1 to 100 (default 25)', wholeNumber(1, 100)),
)
  .addHelpText(
    'after',
    examples(
      'whctl webhooks deliveries 3 --status failed',
      "whctl webhooks deliveries 3 -o json --query '[0].attempts'",
    ),
  )
  .action(async (id: number, flags: Flags, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const page = await unwrap(
      client.GET('/webhook_endpoints/{id}/deliveries', {
        params: {
          path: { id },
          query: query({ status: flags.status, page: flags.page, per_page: flags.perPage }),
        },
      }),
    );
    const sink = await ctx.list(deliveryColumns);
    for (const delivery of page) await sink.write(delivery as unknown as Row);
    await sink.end();
  });
