// Deliveries to the profile's own receiver (DECISIONS 248-250, 282): a delivery is signed with the
// endpoint's secret and is the event as the feed shows it, a 500 is retried with the same
// `webhook-id`, and a redelivery sends the event again.
import { isDeepStrictEqual } from 'node:util';
import { verifyWebhook } from '@warehouse-kit/sdk';
import { isObject } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../../check.js';
import type { Arrival } from '../../fixtures/webhook-receiver.js';
import {
  ARRIVAL_MS,
  deliveryOf,
  firstDelivery,
  ofEvent,
  RETRY_MS,
  received,
  webhookIds,
} from '../../fixtures/webhooks.js';
import { preview } from '../../http.js';
import { expectStatus, fail, Problems } from '../../problems.js';

// The reference shows no webhooks (§6: "not shown"); every check of the group settles that open point.
export const EVENTS = '§6.events';

/** The delivery's `webhook-id`; fails the check when it came without one. */
const webhookId = (arrival: Arrival): string =>
  arrival.id ?? fail(undefined, 'header webhook-id', 'no header', "the event's id (decision 178)");

/** Each attempt's status code, as the deliveries list shows them. */
export function attemptCodes(delivery: Record<string, unknown> | undefined): string {
  if (!delivery) return 'no delivery of the event';
  const attempts = Array.isArray(delivery.attempts) ? delivery.attempts.filter(isObject) : [];
  return `status ${preview(delivery.status)}, attempts [${attempts.map((a) => preview(a.status_code)).join(', ')}]`;
}

export function defineDeliveries(group: GroupBuilder): void {
  group.check(
    {
      name: 'webhook_delivery_signed',
      method: 'POST',
      path: '/webhook_endpoints',
      status: 200,
      section: 'decision 248',
      verifies: [
        EVENTS,
        'webhooks.createWebhookEndpoint.secret-shown',
        'webhooks.createWebhookEndpoint.200.with-secret',
        'webhooks.deliverEvent.subscribed',
        'webhooks.deliverEvent.body-as-feed',
        'webhooks.deliverEvent.standard-signature',
        'webhooks.deliverEvent.verify',
        'webhooks.deliverEvent.webhook-id.event-id',
        'webhooks.deliverEvent.webhook-timestamp.seconds',
        'webhooks.deliverEvent.webhook-signature.v1',
        'events.getEvent.as-feed',
      ],
    },
    async (run) => {
      const { ctx } = run;
      const { arrival, secret } = await firstDelivery(run);
      const id = webhookId(arrival);
      const viewed = await ctx.send(ctx.admin, 'GET', '/events/{id}', { path: { id } });
      expectStatus(viewed, 200, `for ${id}, the delivery's webhook-id (decision 178)`);
      const problems = new Problems(viewed);
      try {
        verifyWebhook(arrival.body, arrival.headers, secret);
      } catch (error) {
        problems.add(
          'header webhook-signature',
          `${JSON.stringify(arrival.headers['webhook-signature'] ?? 'no header')}: ${(error as Error).message}`,
          'a v1 HMAC-SHA256 of id.timestamp.body under the whsec_ secret the create answered (decisions 178, 244)',
        );
      }
      let body: unknown;
      try {
        body = JSON.parse(arrival.body);
      } catch {
        body = arrival.body;
      }
      problems.expect(
        isDeepStrictEqual(body, viewed.body),
        'delivery body',
        () => preview(body),
        `${preview(viewed.body)}: the event exactly as GET /events/{id} shows it (decision 248)`,
      );
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'failed_delivery_retried',
      method: 'GET',
      path: '/webhook_endpoints/{id}/deliveries',
      status: 200,
      section: 'decision 248',
      verifies: [
        EVENTS,
        'webhooks.deliverEvent.default.retried',
        'webhooks.deliverEvent.at-least-once',
        'webhooks.deliverEvent.webhook-id.event-id',
        'webhooks.deliverEvent.2XX.delivered',
        'webhooks.listWebhookDeliveries.attempts',
      ],
    },
    async (run) => {
      const { ctx } = run;
      const { receiver, endpoint, company } = await firstDelivery(run);
      const subject = `companies/${company.id}`;
      receiver.refuseFirst('company.updated', subject);
      const update = await ctx.send(ctx.admin, 'PATCH', '/companies/{id}', {
        path: { id: company.id },
        body: { company: { city: ctx.name('city') } },
      });
      expectStatus(update, 200, 'with the updated company (§4.4)');
      const arrivals = await receiver.waitFor(ofEvent('company.updated', subject), 2, ARRIVAL_MS + RETRY_MS);
      const [first, retry] = arrivals;
      if (!first || !retry)
        fail(
          update,
          `deliveries of company.updated ${subject}`,
          first ? `one, answered ${first.answered}, and no other within ${RETRY_MS / 1000} s` : received(arrivals),
          `the delivery the receiver answered 500 tried again with the same webhook-id, 5 s ±20 % later on the ` +
            `Standard Webhooks schedule (decision 248); the suite waits ${RETRY_MS / 1000} s`,
        );
      new Problems(update)
        .expect(
          first.id !== undefined && retry.id === first.id,
          'header webhook-id',
          webhookIds([first, retry]),
          "the same on every attempt, the event's id (decision 178)",
        )
        .throwIfAny();
      const { delivery, exchange } = await deliveryOf(ctx, endpoint, first.id!, (d) => d.status === 'delivered');
      const attempts = Array.isArray(delivery?.attempts) ? delivery.attempts.filter(isObject) : [];
      new Problems(exchange)
        .expect(
          delivery?.status === 'delivered' &&
            attempts[0]?.status_code === 500 &&
            attempts.at(-1)?.status_code === retry.answered,
          `delivery of ${first.id}`,
          attemptCodes(delivery),
          `status "delivered", attempts [500, ..., ${retry.answered}]: each attempt with the receiver's status (decision 249)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'redelivery_sends_again',
      method: 'POST',
      path: '/webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver',
      status: 200,
      section: 'decision 250',
      verifies: [
        EVENTS,
        'webhooks.redeliverWebhookDelivery.same-event',
        'webhooks.redeliverWebhookDelivery.200.new-delivery',
        'webhooks.deliverEvent.at-least-once',
        'webhooks.deliverEvent.webhook-id.event-id',
      ],
    },
    async (run) => {
      const { ctx } = run;
      const { receiver, endpoint, arrival } = await firstDelivery(run);
      const id = webhookId(arrival);
      const { delivery, exchange: listed } = await deliveryOf(ctx, endpoint, id, (d) => d.status === 'delivered');
      if (typeof delivery?.id !== 'number')
        fail(
          listed,
          `delivery of ${id}`,
          attemptCodes(delivery),
          'the delivery the receiver got, delivered (decision 249)',
        );
      const before = receiver.arrivals.filter((a) => a.id === id).length;
      const redelivered = await ctx.send(
        ctx.admin,
        'POST',
        '/webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver',
        {
          path: { id: endpoint.id, delivery_id: delivery.id },
        },
      );
      expectStatus(redelivered, 200, 'with the new delivery, pending (decision 250)');
      const problems = new Problems(redelivered);
      const answer = isObject(redelivered.body) ? redelivered.body : {};
      problems.expect(
        answer.event_id === id && answer.reason === 'redeliver',
        'body',
        () => preview({ event_id: answer.event_id, reason: answer.reason }),
        `{"event_id":"${id}","reason":"redeliver"}: a new delivery of the same event (decision 250)`,
      );
      const again = await receiver.waitFor((a) => a.id === id, before + 1, ARRIVAL_MS);
      problems.expect(
        again.length > before,
        `deliveries with webhook-id ${id}`,
        `${again.length}, as before the redelivery, after ${ARRIVAL_MS / 1000} s`,
        `${before + 1}: the event sent again at once, with the same webhook-id (decision 250)`,
      );
      problems.throwIfAny();
    },
  );
}
