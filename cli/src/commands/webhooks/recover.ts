import { unwrap } from '@warehouse-kit/sdk';
import { Command } from 'commander';
import { contextOf } from '../../context.js';
import { recordId } from '../shared/arguments.js';
import { examples } from '../shared/examples.js';
import { idempotencyHeader, type KeySafety, safeWriteOptions } from '../shared/safe-writes.js';

export const recover = safeWriteOptions(new Command('recover'), 'POST', '/webhook_endpoints/{id}/recover')
  .description('send again every event of a time window the endpoint receives (at most 10,000)')
  .argument('<id>', 'webhook endpoint ID', recordId)
  .requiredOption('--since <time>', "the window's start, ISO 8601 (UTC without an offset)")
  .option('--until <time>', "the window's end, excluded (default now)")
  .addHelpText('after', examples('whctl webhooks recover 1 --since 2026-11-01T00:00:00Z'))
  .action(async (id: number, flags: KeySafety & { since: string; until?: string }, command: Command) => {
    const ctx = contextOf(command);
    const client = await ctx.connect();
    const recovery = flags.until ? { since: flags.since, until: flags.until } : { since: flags.since };
    const { deliveries } = await unwrap(
      client.POST('/webhook_endpoints/{id}/recover', {
        params: { path: { id }, header: idempotencyHeader(flags) },
        body: { recovery },
      }),
    );
    ctx.notice(`queued ${deliveries} deliveries to webhook endpoint ${id}`);
  });
