// Every server process delivers webhooks (DECISIONS 246–248, 330): it fans settled events out to
// deliveries and sends the due ones it claims, up to CONCURRENCY at once, of which one
// organization takes at most SHARES.organization and one endpoint SHARES.endpoint, so another
// organization always finds room; it looks again at once while there is work and room and
// whenever a send ends, and after WH_WEBHOOK_POLL_MS when idle. A slow receiver holds only its
// own sends: a round never waits for the sends it started. Claims carry a lease of twice the
// timeout, so a process killed mid-send leaves its deliveries to any other once the lease ends;
// every send ends within the timeout (send.ts), well inside its lease, and a process never claims
// what it is still sending (DECISIONS 420, 421). On stop, the sends under way get until the
// server's deadline, then are interrupted and handed back, due at once (DECISIONS 422).
// Old deliveries are swept with the events (serve/event-retention.ts).
import type { ServerConfig } from '../config.js';
import type { Orm } from '../db/orm.js';
import type { Logger } from '../logging/logger.js';
import { type DeliverySettings, deliver, type Tenant, tenantsOf } from './deliver.js';
import { leaseFor } from './lease.js';
import { type ClaimedDelivery, claimDue, dispatchAll, type InFlight, type Shares } from './queue.js';
import { webhookSettings } from './settings.js';

/** Deliveries one process sends at once. */
const CONCURRENCY = 25;
/**
 * Of those, what one organization and one of its endpoints may take (DECISIONS 330): an
 * organization's backlog or slow receiver leaves 10 to the others, and an endpoint's 5 to the
 * organization's other endpoints.
 */
export const SHARES: Shares = { organization: 15, endpoint: 10 };
/** After a failed round (the database away, say), so that the log gets a line every few seconds, not every poll. */
const RETRY_AFTER_ERROR_MS = 5_000;

export type WebhookDeliveryConfig = Pick<
  ServerConfig,
  | 'webhookAllowPrivate'
  | 'webhookSecretKey'
  | 'webhookPreviousSecretKey'
  | 'webhookTimeoutMs'
  | 'webhookRetryScale'
  | 'webhookDisableAfterDays'
  | 'webhookPollMs'
>;

export interface WebhookDelivery {
  /**
   * Stops claiming at once; the sends under way end by themselves until `deadline` aborts (at
   * once without one), then are interrupted and handed back. Resolves once each is recorded or
   * handed back.
   */
  stop(deadline?: AbortSignal): Promise<void>;
  /** The ids of the deliveries being sent. */
  sending(): string[];
}

export function deliverWebhooks(orm: Orm, config: WebhookDeliveryConfig, logger: Logger): WebhookDelivery {
  const settings: DeliverySettings = {
    ...webhookSettings(config),
    timeoutMs: config.webhookTimeoutMs,
    retryScale: config.webhookRetryScale,
    disableAfterDays: config.webhookDisableAfterDays,
  };
  const leaseMs = leaseFor(config.webhookTimeoutMs);
  let stopped = false;
  /** Aborted at the stop's deadline: the sends still under way end and are handed back. */
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  /** The sends under way, each recorded when it ends, with the delivery it sends. */
  const inFlight = new Map<Promise<void>, ClaimedDelivery>();

  const sendingIds = () => [...inFlight.values()].map((delivery) => delivery.id);

  /** The sends under way, by endpoint, as the claim weighs them. */
  const sending = (): InFlight[] => {
    const byEndpoint = new Map<number, InFlight>();
    for (const { organizationId, endpointId } of inFlight.values()) {
      const entry = byEndpoint.get(endpointId) ?? { organizationId, endpointId, count: 0 };
      entry.count++;
      byEndpoint.set(endpointId, entry);
    }
    return [...byEndpoint.values()];
  };

  const send = async (delivery: ClaimedDelivery, tenant: Promise<Tenant>, leaseEndsAt: number) => {
    try {
      const outcome = await deliver(orm.em.fork(), delivery, await tenant, settings, {
        leaseEndsAt,
        stopping: stopping.signal,
      });
      const about = { delivery: delivery.id, endpoint: delivery.endpointId };
      if ('handedBack' in outcome) {
        if (outcome.handedBack === 'interrupted')
          logger.info(about, 'webhook send interrupted by the stop: handed back, due at once, no attempt recorded');
        else
          logger.warn(
            about,
            'a webhook send did not start: preparing it took most of its lease (is the database slow?); handed back, due at once',
          );
        return;
      }
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

  /** When events were last fanned out, and whether a full batch was left for more. */
  let dispatchedAt = 0;
  let moreToDispatch = false;

  /**
   * One round: answers whether there may be more work right away. Events are fanned out at
   * most once a poll interval (or at once while batches come full), so that the rounds a
   * finished send starts cost only the claim.
   */
  const round = async (): Promise<boolean> => {
    const em = orm.em.fork();
    if (moreToDispatch || Date.now() - dispatchedAt >= config.webhookPollMs) {
      dispatchedAt = Date.now();
      moreToDispatch = await dispatchAll(em);
    }
    const room = CONCURRENCY - inFlight.size;
    if (room === 0) return moreToDispatch;
    // Before the claim: the lease the database sets starts later, so ends later.
    const leaseEndsAt = performance.now() + leaseMs;
    const claimed = await claimDue(em, room, leaseMs, SHARES, sending(), sendingIds());
    const tenantOf = tenantsOf(em);
    for (const delivery of claimed) {
      const sent = send(delivery, tenantOf(delivery.organizationId), leaseEndsAt).finally(() => {
        inFlight.delete(sent);
        // Room again, for this organization and endpoint at least: look without waiting for the poll.
        if (!stopped) wake();
      });
      inFlight.set(sent, delivery);
    }
    return moreToDispatch || claimed.length === room;
  };

  let running: Promise<void> = Promise.resolve();
  let roundUnderway = false;
  /** Whether a send ended during the round under way, which then looks again at once. */
  let woken = false;
  const next = (delay: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      roundUnderway = true;
      woken = false;
      running = round()
        .then((more) => next(more || woken ? 0 : config.webhookPollMs))
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
  /** A round now, or right after the one under way. */
  const wake = () => {
    if (roundUnderway) woken = true;
    else next(0);
  };
  next(0);
  return {
    async stop(deadline = AbortSignal.abort()) {
      stopped = true;
      clearTimeout(timer);
      const interrupt = () => {
        if (inFlight.size) logger.warn({ sends: inFlight.size }, 'interrupting the webhook sends still under way');
        stopping.abort();
      };
      if (deadline.aborted) interrupt();
      else {
        if (inFlight.size)
          logger.info({ sends: inFlight.size }, 'webhook sends under way get until the deadline to end');
        deadline.addEventListener('abort', interrupt, { once: true });
      }
      await running;
      await Promise.all(inFlight.keys());
      deadline.removeEventListener('abort', interrupt);
    },
    sending: sendingIds,
  };
}
