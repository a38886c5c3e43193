// Every server process delivers webhooks (DECISIONS 246–248): it fans settled events out to
// deliveries and sends the due ones it claims, up to CONCURRENCY at once, looking again at once
// while there is work and room, and after WH_WEBHOOK_POLL_MS when idle. A slow receiver holds only
// its own sends: a round never waits for the sends it started. Claims carry a lease of twice the
// timeout, so a process killed mid-send leaves its deliveries to any other once the lease ends.
// Old deliveries are swept with the events (event-retention.ts).
import type { ServerConfig } from '../config.js';
import type { Orm } from '../db/orm.js';
import { type ClaimedDelivery, claimDue, dispatchAll } from '../domain/webhooks/queue.js';
import { webhookSettings } from '../domain/webhooks/settings.js';
import type { Logger } from '../logging/logger.js';
import { type DeliverySettings, deliver, type Tenant, tenantsOf } from '../webhooks/deliver.js';

/** Deliveries one process sends at once. */
export const CONCURRENCY = 25;
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
>;

export interface WebhookDelivery {
  /** Stops claiming; resolves once the attempts under way are recorded. */
  stop(): Promise<void>;
}

export function deliverWebhooks(orm: Orm, config: WebhookDeliveryConfig, logger: Logger): WebhookDelivery {
  const settings: DeliverySettings = {
    ...webhookSettings(config),
    timeoutMs: config.webhookTimeoutMs,
    retryScale: config.webhookRetryScale,
    disableAfterDays: config.webhookDisableAfterDays,
  };
  const leaseMs = 2 * config.webhookTimeoutMs;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** The sends under way, each recorded when it ends. */
  const inFlight = new Set<Promise<void>>();

  const send = async (delivery: ClaimedDelivery, tenant: Promise<Tenant>) => {
    try {
      const outcome = await deliver(orm.em.fork(), delivery, await tenant, settings);
      // The URL is left out: its query may hold a receiver's token.
      logger.debug(
        {
          delivery: delivery.id,
          endpoint: delivery.endpointId,
          attempt: delivery.attempt,
          status_code: outcome.statusCode,
          error: outcome.error,
          detail: outcome.detail,
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
  };

  /** One round: answers whether there may be more work right away. */
  const round = async (): Promise<boolean> => {
    const em = orm.em.fork();
    const more = await dispatchAll(em);
    const room = CONCURRENCY - inFlight.size;
    if (room === 0) return false;
    const claimed = await claimDue(em, room, leaseMs);
    const tenantOf = tenantsOf(em);
    for (const delivery of claimed) {
      const sending = send(delivery, tenantOf(delivery.organizationId)).finally(() => {
        inFlight.delete(sending);
        // Room again: look for due deliveries without waiting for the poll.
        if (!stopped && inFlight.size === CONCURRENCY - 1) wake();
      });
      inFlight.add(sending);
    }
    return more || claimed.length === room;
  };

  let running: Promise<void> = Promise.resolve();
  let roundUnderway = false;
  const next = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      roundUnderway = true;
      running = round()
        .then((more) => next(more ? 0 : config.webhookPollMs))
        .catch((error: unknown) => {
          // A database that is away is reported by /readyz; the next round tries again.
          logger.warn({ err: error }, 'delivering webhooks failed; trying again in a few seconds');
          next(Math.max(config.webhookPollMs, RETRY_AFTER_ERROR_MS));
        })
        .finally(() => {
          roundUnderway = false;
        });
    }, delay);
  };
  /** A round now, unless one is under way (it schedules the next itself). */
  const wake = () => {
    if (!roundUnderway) next(0);
  };
  next(0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
    },
  };
}
