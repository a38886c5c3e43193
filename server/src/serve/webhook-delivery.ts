// Every server process delivers webhooks (DECISIONS 246–248): it fans settled events out to
// deliveries and sends the due ones it claims, looking again at once while there is work and
// after WH_WEBHOOK_POLL_MS when idle; once a minute it deletes deliveries past the retention.
// Claims carry a lease of twice the timeout, so a process killed mid-send leaves its deliveries
// to any other once the lease ends.
import type { ServerConfig } from '../config.js';
import type { Orm } from '../db/orm.js';
import { claimDue, dispatchAll, sweepOldDeliveries } from '../domain/webhooks/queue.js';
import { encryptionKey } from '../domain/webhooks/secrets.js';
import type { Logger } from '../logging/logger.js';
import { type DeliverySettings, deliver, tenantsOf } from '../webhooks/deliver.js';

/** Deliveries one process sends at once. */
const CONCURRENCY = 25;
const SWEEP_EVERY_MS = 60_000;
/** After a failed round (the database away, say), so that the log gets a line every few seconds, not every poll. */
const RETRY_AFTER_ERROR_MS = 5_000;

export type WebhookDeliveryConfig = Pick<
  ServerConfig,
  | 'webhookAllowPrivate'
  | 'webhookSecretKey'
  | 'webhookTimeoutMs'
  | 'webhookRetryScale'
  | 'webhookDisableAfterDays'
  | 'webhookPollMs'
  | 'eventRetentionDays'
>;

export interface WebhookDelivery {
  /** Stops claiming; resolves once the attempts under way are recorded. */
  stop(): Promise<void>;
}

export function deliverWebhooks(orm: Orm, config: WebhookDeliveryConfig, logger: Logger): WebhookDelivery {
  const settings: DeliverySettings = {
    key: encryptionKey(config.webhookSecretKey),
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    retryScale: config.webhookRetryScale,
    disableAfterDays: config.webhookDisableAfterDays,
  };
  const leaseMs = 2 * config.webhookTimeoutMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;

  /** One round: answers whether there may be more work right away. */
  const round = async (): Promise<boolean> => {
    const em = orm.em.fork();
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now();
      await sweepOldDeliveries(em, config.eventRetentionDays);
    }
    const more = await dispatchAll(em);
    const claimed = await claimDue(em, CONCURRENCY, leaseMs);
    const tenantOf = tenantsOf(em);
    await Promise.all(
      claimed.map(async (delivery) => {
        try {
          const outcome = await deliver(orm.em.fork(), delivery, await tenantOf(delivery.organizationId), settings);
          // The URL is left out: its query may hold a receiver's token.
          logger.debug(
            {
              delivery: delivery.id,
              endpoint: delivery.endpointId,
              attempt: delivery.attempt,
              status_code: outcome.statusCode,
              error: outcome.error,
              next: outcome.next.status,
            },
            'webhook attempt',
          );
        } catch (error) {
          logger.warn(
            { err: error, delivery: delivery.id },
            'a webhook attempt could not be recorded; its lease ends and it is sent again',
          );
        }
      }),
    );
    return more || claimed.length === CONCURRENCY;
  };

  let running: Promise<void> = Promise.resolve();
  const next = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .then((more) => next(more ? 0 : config.webhookPollMs))
        .catch((error: unknown) => {
          // A database that is away is reported by /readyz; the next round tries again.
          logger.warn({ err: error }, 'delivering webhooks failed; trying again in a few seconds');
          next(Math.max(config.webhookPollMs, RETRY_AFTER_ERROR_MS));
        });
    }, delay);
  };
  next(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
