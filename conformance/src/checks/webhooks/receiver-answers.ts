// What a receiver's answers must cause (DECISIONS 245, 248, 451): a 410 disables the endpoint, with
// its `disabled_reason`, and nothing more is sent to it; a 429 or 503 with `Retry-After` is tried
// again no sooner than it says. Each has a receiver of its own, whose answers
// fixtures/webhook-receiver.ts lists.

import { isObject } from '@warehouse-kit/spec';
import type { CheckRun, GroupBuilder } from '../../check.js';
import { type Arrival, RETRY_AFTER_S } from '../../fixtures/webhook-receiver.js';
import {
  ARRIVAL_MS,
  companyReceived,
  deliveryOf,
  endpointOnce,
  liveUpdate,
  namedEndpoint,
  received,
  webhookIds,
} from '../../fixtures/webhooks.js';
import type { Exchange } from '../../http.js';
import { preview } from '../../http.js';
import { fail, Problems } from '../../problems.js';
import { attemptCodes, EVENTS } from './delivery.js';

/** How long the attempt after a 429 or 503 may take: the Retry-After, then a delivery's time. */
const AFTER_RETRY_AFTER_MS = RETRY_AFTER_S * 1000 + ARRIVAL_MS;

interface Refused {
  /** The first attempt, answered 429 or 503 with Retry-After, and the next one if it came. */
  first: Arrival;
  next?: Arrival;
  /** The write whose event it is. */
  write: Exchange;
}

/** A company's creation delivered to the busy or the unavailable receiver, and its next attempt, within its bound. */
async function refusedOnce(run: CheckRun, name: 'busy' | 'unavailable'): Promise<Refused> {
  const { ctx } = run;
  const { receiver } = await namedEndpoint(run, name);
  const { arrival: first, write } = await companyReceived(ctx, receiver, `company for the ${name} receiver`);
  const [, next] = await receiver.waitFor((candidate) => candidate.id === first.id, 2, AFTER_RETRY_AFTER_MS);
  return { first, ...(next && { next }), write };
}

export function defineReceiverAnswers(group: GroupBuilder): void {
  group.check(
    {
      name: 'gone_disables_endpoint',
      method: 'POST',
      path: '{endpoint url}',
      status: 410,
      section: 'decision 248',
      verifies: [EVENTS, 'webhooks.deliverEvent.410.disables', 'webhooks.listWebhookDeliveries.attempts'],
    },
    async (run) => {
      const { ctx } = run;
      const { receiver, endpoint } = await namedEndpoint(run, 'gone');
      // Its first delivery, answered 410: another writer's event may come before the company's.
      const { company, arrival: first } = await companyReceived(ctx, receiver, 'company for the gone receiver', true);
      const read = await endpointOnce(ctx, endpoint, (shown) => shown.enabled === false);
      const shown = isObject(read.body) ? read.body : {};
      const problems = new Problems(read);
      problems.expect(
        shown.enabled === false && typeof shown.disabled_reason === 'string' && shown.disabled_reason.trim() !== '',
        'body',
        () => preview({ enabled: shown.enabled, disabled_reason: shown.disabled_reason }),
        '{"enabled":false,"disabled_reason":"<why>"}: a 410 disables the endpoint, and disabled_reason says the ' +
          'server did it (decision 245)',
      );
      if (first.id) {
        const { delivery } = await deliveryOf(ctx, endpoint, first.id, (d) => d.status !== 'pending');
        problems.expect(
          delivery?.status === 'failed',
          `delivery of ${first.id}`,
          attemptCodes(delivery),
          'status "failed", attempts [410]: a 410 fails the delivery, which is not tried again (decision 248)',
        );
      }
      // Two later events, each received by the profile's live endpoint: the bound of "nothing more" (decision 453).
      const later = [await liveUpdate(run, company), await liveUpdate(run, company)];
      const sent = receiver.arrivals.filter(
        (arrival) => (arrival !== first && arrival.id === first.id) || later.some((event) => event.id === arrival.id),
      );
      problems.expect(
        !sent.length,
        `deliveries to ${receiver.url} after its 410`,
        () => `${received(sent)}: ${webhookIds(sent)}`,
        `none, neither the event answered 410 again nor ${webhookIds(later)}, written since and delivered to the ` +
          "profile's endpoint: the endpoint receives nothing more until it is enabled again (decision 245)",
      );
      problems.throwIfAny();
    },
  );

  for (const [status, name] of [
    [429, 'busy'],
    [503, 'unavailable'],
  ] as const)
    group.check(
      {
        name: 'retry_after_respected',
        method: 'POST',
        path: '{endpoint url}',
        status,
        section: 'decision 248',
        verifies: [EVENTS, `webhooks.deliverEvent.${status}.retry-after`],
      },
      async (run) => {
        const { first, next, write } = await refusedOnce(run, name);
        const refused = `the receiver's ${status} with Retry-After: ${RETRY_AFTER_S}`;
        const documented = `the delivery tried again once ${RETRY_AFTER_S} s have passed: Retry-After sets the wait instead of the schedule (decision 248)`;
        const where = `next attempt of ${first.id ?? 'the event'}`;
        if (!next)
          fail(
            write,
            where,
            `none within ${AFTER_RETRY_AFTER_MS / 1000} s of ${refused}`,
            `${documented}; the suite waits ${AFTER_RETRY_AFTER_MS / 1000} s`,
          );
        const gap = next.arrivedAt - first.answeredAt;
        new Problems(write)
          .expect(
            gap >= RETRY_AFTER_S * 1000,
            where,
            `${(gap / 1000).toFixed(3)} s after ${refused}`,
            `not before ${RETRY_AFTER_S} s: ${documented}`,
          )
          .throwIfAny();
      },
    );
}
