// The spec's rules of webhook endpoints and their deliveries (DECISIONS 178, 240-252), in its own
// words: each operation on endpoints and deliveries, and the delivery itself, the spec's
// `webhooks.event`, with its headers and what each answer of a receiver causes. Data; see model.ts.
import { context, rule, rules } from '../reference/model.js';
import type { ExtensionSection } from './model.js';

export const webhooks: ExtensionSection[] = [
  {
    extension: 'webhooks',
    section: 'webhooks.listWebhookEndpoints',
    title: 'GET /webhook_endpoints (listWebhookEndpoints)',
    place: { operation: 'listWebhookEndpoints' },
    units: [
      rule(
        'Extension beyond the reference (DECISIONS 240–243): the endpoints this token administers, those covering only locations where it is admin (on a location interface: those covering exactly that location), by `id`.',
        'webhooks.listWebhookEndpoints.administered',
      ),
      rule('Secrets are never shown here.', 'webhooks.listWebhookEndpoints.no-secrets'),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.listWebhookEndpoints.200',
    title: 'GET /webhook_endpoints 200',
    place: { operation: 'listWebhookEndpoints', response: '200' },
    units: [context('One page of webhook endpoints.')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.createWebhookEndpoint',
    title: 'POST /webhook_endpoints (createWebhookEndpoint)',
    place: { operation: 'createWebhookEndpoint' },
    units: [
      context('Extension beyond the reference (DECISIONS 240–244).'),
      rule(
        "Needs admin access at every location the endpoint covers: those of `location_names`, or without it every location of the organization, present and future (on a location interface: that location); without it at one of all the organization's locations the answer is 403 naming none (DECISIONS 437).",
        'webhooks.createWebhookEndpoint.admin-at-covered',
      ),
      rule('The answer shows the signing `secret` once; keep it.', 'webhooks.createWebhookEndpoint.secret-shown'),
      rule('An organization has at most 20 endpoints (422).', 'webhooks.createWebhookEndpoint.at-most-20'),
      rule(
        'A URL whose host does not resolve, or resolves to a loopback, private, link-local or other non-public address, is 422 in the same words whichever it is, unless the deployment allows such addresses (the reference server: `WH_WEBHOOK_ALLOW_PRIVATE`; DECISIONS 438).',
        'webhooks.createWebhookEndpoint.private-url-422',
      ),
      rule(
        'An `Idempotency-Key` is refused (400): the answer holds the secret, which is never stored.',
        'webhooks.createWebhookEndpoint.no-idempotency-key',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.createWebhookEndpoint.200',
    title: 'POST /webhook_endpoints 200',
    place: { operation: 'createWebhookEndpoint', response: '200' },
    units: [
      rule(
        'The created endpoint, with its secret (shown this once).',
        'webhooks.createWebhookEndpoint.200.with-secret',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.getWebhookEndpoint',
    title: 'GET /webhook_endpoints/{id} (getWebhookEndpoint)',
    place: { operation: 'getWebhookEndpoint' },
    units: [
      context('Extension beyond the reference (DECISIONS 241).'),
      rules(
        '404 when the endpoint covers a location where the token has no role (or, on a location interface, covers another set of locations), 403 when it covers one where the token may only read.',
        [
          'webhooks.getWebhookEndpoint.no-role-404',
          '404 when the endpoint covers a location where the token has no role (or, on a location interface, covers another set of locations)',
        ],
        ['webhooks.getWebhookEndpoint.read-only-403', '403 when it covers one where the token may only read'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.getWebhookEndpoint.200',
    title: 'GET /webhook_endpoints/{id} 200',
    place: { operation: 'getWebhookEndpoint', response: '200' },
    units: [rule('The endpoint, without its secret.', 'webhooks.getWebhookEndpoint.200.no-secret')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.updateWebhookEndpoint',
    title: 'PATCH /webhook_endpoints/{id} (updateWebhookEndpoint)',
    place: { operation: 'updateWebhookEndpoint' },
    units: [
      rules(
        'Extension beyond the reference (DECISIONS 241, 245): the URL, description, event types or `enabled`.',
        ['webhooks.updateWebhookEndpoint.url-description-types', 'the URL, description, event types'],
        ['webhooks.updateWebhookEndpoint.enabled', 'or `enabled`'],
      ),
      rules(
        'Enabling a disabled endpoint clears its `disabled_reason`, and its pending deliveries go out again.',
        [
          'webhooks.updateWebhookEndpoint.enable-clears-reason',
          'Enabling a disabled endpoint clears its `disabled_reason`',
        ],
        ['webhooks.updateWebhookEndpoint.pending-go-out', 'its pending deliveries go out again'],
      ),
      rule(
        'A disabled endpoint receives nothing: the events written while it is disabled are not delivered to it, then or once it is enabled again (recover the window to have them).',
        'webhooks.updateWebhookEndpoint.disabled-receives-nothing',
      ),
      rule('The covered locations stay as created.', 'webhooks.updateWebhookEndpoint.locations-fixed'),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.updateWebhookEndpoint.200',
    title: 'PATCH /webhook_endpoints/{id} 200',
    place: { operation: 'updateWebhookEndpoint', response: '200' },
    units: [context('The updated endpoint.')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deleteWebhookEndpoint',
    title: 'DELETE /webhook_endpoints/{id} (deleteWebhookEndpoint)',
    place: { operation: 'deleteWebhookEndpoint' },
    units: [
      context('Extension beyond the reference (DECISIONS 241).'),
      rules(
        '204; its deliveries go with it, and nothing more is sent to its URL.',
        ['webhooks.deleteWebhookEndpoint.204', '204'],
        ['webhooks.deleteWebhookEndpoint.deliveries-go', 'its deliveries go with it'],
        ['webhooks.deleteWebhookEndpoint.nothing-sent', 'nothing more is sent to its URL'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.rotateWebhookEndpointSecret',
    title: 'POST /webhook_endpoints/{id}/rotate_secret (rotateWebhookEndpointSecret)',
    place: { operation: 'rotateWebhookEndpointSecret' },
    units: [
      rules('Extension beyond the reference (DECISIONS 244): a new secret, shown this once.', [
        'webhooks.rotateWebhookEndpointSecret.new-secret',
        'a new secret, shown this once',
      ]),
      rule(
        'For 24 hours (`previous_secret_expires_at`) every delivery carries two signatures, one with the new secret and one with the one it replaced, so a receiver can switch when it likes.',
        'webhooks.rotateWebhookEndpointSecret.two-signatures',
      ),
      rule(
        'Rotating again within those hours drops the oldest secret.',
        'webhooks.rotateWebhookEndpointSecret.rotating-again',
      ),
      rule(
        'An `Idempotency-Key` is refused (400), as on create.',
        'webhooks.rotateWebhookEndpointSecret.no-idempotency-key',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.rotateWebhookEndpointSecret.200',
    title: 'POST /webhook_endpoints/{id}/rotate_secret 200',
    place: { operation: 'rotateWebhookEndpointSecret', response: '200' },
    units: [context('The endpoint with its new secret.')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.listWebhookDeliveries',
    title: 'GET /webhook_endpoints/{id}/deliveries (listWebhookDeliveries)',
    place: { operation: 'listWebhookDeliveries' },
    units: [
      rules(
        "Extension beyond the reference (DECISIONS 246–249): the endpoint's deliveries, newest first, each with its attempts (at most the 8 of the schedule), as pages like every list.",
        ['webhooks.listWebhookDeliveries.newest-first', "the endpoint's deliveries, newest first"],
        ['webhooks.listWebhookDeliveries.attempts', 'each with its attempts (at most the 8 of the schedule)'],
        ['webhooks.listWebhookDeliveries.paged', 'as pages like every list'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.listWebhookDeliveries.status',
    title: 'GET /webhook_endpoints/{id}/deliveries: parameter status',
    place: { operation: 'listWebhookDeliveries', parameter: 'status' },
    units: [rule('Only deliveries in this state.', 'webhooks.listWebhookDeliveries.status.filter')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.listWebhookDeliveries.200',
    title: 'GET /webhook_endpoints/{id}/deliveries 200',
    place: { operation: 'listWebhookDeliveries', response: '200' },
    units: [rule('One page of deliveries, newest first.', 'webhooks.listWebhookDeliveries.200.newest-first')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.redeliverWebhookDelivery',
    title: 'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver (redeliverWebhookDelivery)',
    place: { operation: 'redeliverWebhookDelivery' },
    units: [
      rules(
        'Extension beyond the reference (DECISIONS 250): a new delivery of the same event (same `webhook-id`), sent at once and retried on the schedule like any other.',
        [
          'webhooks.redeliverWebhookDelivery.same-event',
          'a new delivery of the same event (same `webhook-id`), sent at once and retried on the schedule like any other',
        ],
      ),
      rules(
        '422 when the event is older than the feed keeps, or the endpoint is disabled.',
        ['webhooks.redeliverWebhookDelivery.expired-422', '422 when the event is older than the feed keeps'],
        ['webhooks.redeliverWebhookDelivery.disabled-422', 'or the endpoint is disabled'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.redeliverWebhookDelivery.delivery_id',
    title: 'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver: parameter delivery_id',
    place: { operation: 'redeliverWebhookDelivery', parameter: 'delivery_id' },
    units: [context("The delivery's `id`.")],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.redeliverWebhookDelivery.200',
    title: 'POST /webhook_endpoints/{id}/deliveries/{delivery_id}/redeliver 200',
    place: { operation: 'redeliverWebhookDelivery', response: '200' },
    units: [rule('The new delivery, pending.', 'webhooks.redeliverWebhookDelivery.200.new-delivery')],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.recoverWebhookEndpoint',
    title: 'POST /webhook_endpoints/{id}/recover (recoverWebhookEndpoint)',
    place: { operation: 'recoverWebhookEndpoint' },
    units: [
      rules(
        'Extension beyond the reference (DECISIONS 251, 331): a new delivery for every event the endpoint subscribes to and sees that was written at or after `since` and before `until` (default now), in feed order, whether it was delivered before or not, but for events the endpoint already has a pending delivery of.',
        [
          'webhooks.recoverWebhookEndpoint.window',
          'a new delivery for every event the endpoint subscribes to and sees that was written at or after `since` and before `until` (default now), in feed order, whether it was delivered before or not, but for events the endpoint already has a pending delivery of',
        ],
      ),
      rules(
        'At most 10,000 events a request (422: narrow the window); 422 as well for a disabled endpoint, a window that is empty or ends before it starts, and while a recovery of the endpoint still has deliveries pending (one at a time).',
        ['webhooks.recoverWebhookEndpoint.at-most-10000', 'At most 10,000 events a request (422: narrow the window)'],
        [
          'webhooks.recoverWebhookEndpoint.refusals-422',
          '422 as well for a disabled endpoint, a window that is empty or ends before it starts, and while a recovery of the endpoint still has deliveries pending (one at a time)',
        ],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.recoverWebhookEndpoint.200',
    title: 'POST /webhook_endpoints/{id}/recover 200',
    place: { operation: 'recoverWebhookEndpoint', response: '200' },
    units: [
      rule(
        'How many deliveries were queued (events already pending are not).',
        'webhooks.recoverWebhookEndpoint.200.count',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent',
    title: 'POST {endpoint url} (deliverEvent)',
    place: { operation: 'deliverEvent' },
    units: [
      context('Extension beyond the reference (DECISIONS 178).'),
      rules(
        "What a deployment sends to a webhook endpoint for each event the endpoint subscribes to: a POST of the event exactly as the feed shows it to the endpoint's locations (the body is the `Event` envelope), signed as Standard Webhooks (standardwebhooks.com) specifies, so any of its verifier libraries checks it.",
        [
          'webhooks.deliverEvent.subscribed',
          'What a deployment sends to a webhook endpoint for each event the endpoint subscribes to',
        ],
        [
          'webhooks.deliverEvent.body-as-feed',
          "a POST of the event exactly as the feed shows it to the endpoint's locations (the body is the `Event` envelope)",
        ],
        [
          'webhooks.deliverEvent.standard-signature',
          'signed as Standard Webhooks (standardwebhooks.com) specifies, so any of its verifier libraries checks it',
        ],
      ),
      rule(
        "Delivery is at least once: a receiver drops duplicates by `webhook-id`, which is the event's `id`, the same on every retry and redelivery.",
        'webhooks.deliverEvent.at-least-once',
      ),
      rule(
        'To verify: take the secret shown when the endpoint was created (`whsec_` and base64), decode the base64 after `whsec_` into the key, compute HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<raw body>`, and compare its base64 in constant time with each `v1,` entry of `webhook-signature`; refuse a `webhook-timestamp` more than five minutes from your clock.',
        'webhooks.deliverEvent.verify',
      ),
      context('Answer 2xx quickly and do the work afterwards.'),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.webhook-id',
    title: 'POST {endpoint url}: header webhook-id',
    place: { operation: 'deliverEvent', parameter: 'webhook-id' },
    units: [
      rule(
        "The event's `id`; the same on every retry and redelivery of the event.",
        'webhooks.deliverEvent.webhook-id.event-id',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.webhook-timestamp',
    title: 'POST {endpoint url}: header webhook-timestamp',
    place: { operation: 'deliverEvent', parameter: 'webhook-timestamp' },
    units: [
      rule(
        'When this attempt was signed, in whole seconds since the Unix epoch.',
        'webhooks.deliverEvent.webhook-timestamp.seconds',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.webhook-signature',
    title: 'POST {endpoint url}: header webhook-signature',
    place: { operation: 'deliverEvent', parameter: 'webhook-signature' },
    units: [
      rules(
        "Space-separated signatures, each `v1,` and the base64 of an HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`: one per secret that is valid, so two for 24 hours after the endpoint's secret is rotated.",
        [
          'webhooks.deliverEvent.webhook-signature.v1',
          'Space-separated signatures, each `v1,` and the base64 of an HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`: one per secret that is valid',
        ],
        [
          'webhooks.deliverEvent.webhook-signature.two-after-rotation',
          "so two for 24 hours after the endpoint's secret is rotated",
        ],
      ),
      context('Any one that verifies is enough.'),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.2XX',
    title: 'POST {endpoint url} 2XX',
    place: { operation: 'deliverEvent', response: '2XX' },
    units: [
      context('Received.'),
      rules(
        'Any 2xx status counts as delivered once its status line and headers came; the body is read up to 64 KiB and ignored, and one that stalls or breaks off changes nothing (DECISIONS 420).',
        ['webhooks.deliverEvent.2XX.delivered', 'Any 2xx status counts as delivered'],
        ['webhooks.deliverEvent.2XX.body-ignored', 'the body is read up to 64 KiB and ignored'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.410',
    title: 'POST {endpoint url} 410',
    place: { operation: 'deliverEvent', response: '410' },
    units: [
      context('Gone.'),
      rule(
        'The endpoint is disabled and receives nothing more until it is enabled again.',
        'webhooks.deliverEvent.410.disables',
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.429',
    title: 'POST {endpoint url} 429',
    place: { operation: 'deliverEvent', response: '429' },
    units: [
      context('Too busy.'),
      rules(
        "The delivery is retried after `Retry-After` (seconds or an HTTP date), capped at the retry schedule's longest wait, or on the schedule without it.",
        ['webhooks.deliverEvent.429.retry-after', 'The delivery is retried after `Retry-After`'],
        ['webhooks.deliverEvent.429.http-date', 'seconds or an HTTP date'],
        ['webhooks.deliverEvent.429.capped', "capped at the retry schedule's longest wait"],
        ['webhooks.deliverEvent.429.without', 'or on the schedule without it'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.503',
    title: 'POST {endpoint url} 503',
    place: { operation: 'deliverEvent', response: '503' },
    units: [
      context('Unavailable.'),
      rules(
        "The delivery is retried after `Retry-After` (seconds or an HTTP date), capped at the retry schedule's longest wait, or on the schedule without it.",
        ['webhooks.deliverEvent.503.retry-after', 'The delivery is retried after `Retry-After`'],
        ['webhooks.deliverEvent.503.http-date', 'seconds or an HTTP date'],
        ['webhooks.deliverEvent.503.capped', "capped at the retry schedule's longest wait"],
        ['webhooks.deliverEvent.503.without', 'or on the schedule without it'],
      ),
    ],
  },
  {
    extension: 'webhooks',
    section: 'webhooks.deliverEvent.default',
    title: 'POST {endpoint url} default',
    place: { operation: 'deliverEvent', response: 'default' },
    units: [
      rules(
        'Any other answer (a redirect included: redirects are not followed; a `101 Switching Protocols` too, whose connection is closed), no final answer within 15 seconds (`1xx` answers are not one), or none at all: the delivery failed and is retried with backoff (immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each ±20 %); after the last attempt it stays failed, and can be redelivered.',
        ['webhooks.deliverEvent.default.redirects', 'a redirect included: redirects are not followed'],
        ['webhooks.deliverEvent.default.timeout', 'no final answer within 15 seconds'],
        ['webhooks.deliverEvent.default.retried', 'the delivery failed and is retried with backoff'],
        [
          'webhooks.deliverEvent.default.schedule',
          '(immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, each ±20 %)',
        ],
        ['webhooks.deliverEvent.default.after-last', 'after the last attempt it stays failed, and can be redelivered'],
      ),
    ],
  },
];
