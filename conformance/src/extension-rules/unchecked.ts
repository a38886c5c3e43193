// Rules of the extensions that no check verifies, each with the reason: the three of the reference
// (reference/unchecked.ts), or `pending`, a check the suite could make and does not make yet, with
// what it would do. A test fails for a rule with neither a check nor an entry here.
import type { Unchecked } from '../reference/unchecked.js';

export const EXTENSION_UNCHECKED: Readonly<Record<string, Unchecked>> = {
  'idempotency.Idempotency-Key.printable-400': {
    why: 'pending',
    detail:
      'a key of 256 characters, or with a character outside printable ASCII, sent with a create: 400, and nothing created',
  },
  'idempotency.Idempotency-Key.stored-24h': {
    why: 'cost',
    detail:
      'the stored response expires after 24 hours, which no run waits for; that it is stored shows in the replay idempotent_create_replayed checks',
  },
  'idempotency.Idempotency-Key.other-interface-422': {
    why: 'pending',
    detail:
      'a key sent on the organization interface and again on a location interface: 422 with errors["Idempotency-Key"]',
  },
  'idempotency.Idempotency-Key.in-flight-409': {
    why: 'outside',
    detail:
      'needs the first request still running on the deployment when the second arrives, which a client cannot hold open',
  },
  'idempotency.Idempotency-Key.errors-not-stored': {
    why: 'outside',
    detail: 'needs the deployment to answer a request with a 5xx, which a client cannot cause on purpose',
  },
  'idempotency.Idempotency-Key.replay-needs-access': {
    why: 'setup',
    detail:
      'needs a token whose access changes between a request and its replay, which support sets up and the profile cannot arrange',
  },
  'idempotency.Conflict.in-flight': {
    why: 'outside',
    detail:
      'needs the first request still running on the deployment when the second arrives, which a client cannot hold open',
  },
  'etags.ETag.strong': { why: 'pending', detail: 'every ETag a quoted decimal version, never a weak W/ one' },
  'etags.ETag.nested': {
    why: 'pending',
    detail: "an order's ETag changed by a change to its items and custom values alone",
  },
  'etags.If-Match.star': { why: 'pending', detail: 'If-Match: * on an existing record: the write happens' },
  'etags.If-Match.not-found-as-without': {
    why: 'pending',
    detail: 'If-Match on an unknown id and on a record of a location without access: 404 and 403, as without it',
  },
  'etags.If-Match.malformed-400': {
    why: 'pending',
    detail: 'an If-Match that is not a list of quoted ETags, or longer than 4,096 characters: 400',
  },
  'etags.If-None-Match.no-body': { why: 'pending', detail: 'the 304 answered with an empty body' },
  'etags.If-None-Match.longer-400': { why: 'pending', detail: 'an If-None-Match longer than 4,096 characters: 400' },
  'etags.NotModified.no-body': { why: 'pending', detail: 'the 304 answered with an empty body' },
  'events.listEvents.same-transaction': {
    why: 'outside',
    detail:
      'a transaction is inside the deployment; what shows outside, one event per change and none without one, write_events_in_order and suite_writes_evented check',
  },
  'events.listEvents.bulk-upload-rows': {
    why: 'pending',
    detail: "a bulk upload's rows, each with its event in the feed",
  },
  'events.listEvents.shown-after-change': {
    why: 'pending',
    detail: "an order moved away from a location: its event in the destination's feed, not in the origin's",
  },
  'events.listEvents.booked-appointments-narrowed': {
    why: 'cost',
    detail:
      'needs an appointment at a location the reader has no role at, a second appointment the run could not delete',
  },
  'events.listEvents.cursor-keeps-query': {
    why: 'pending',
    detail: 'a next_cursor of a page read with types or location_name: the next page still narrowed by them',
  },
  'events.listEvents.exactly-once': {
    why: 'outside',
    detail:
      'depends on the order in which concurrent transactions commit inside the deployment, which a client cannot arrange; event_cursor_resumes checks that a cursor continues exactly after its event',
  },
  'events.listEvents.kept-30-days': {
    why: 'cost',
    detail:
      'the retention is 30 days, which no run waits for; expired_cursor_gone checks the 410 with a cursor the profile names',
  },
  'events.listEvents.after.bounded': { why: 'pending', detail: 'a cursor of 201 characters: 400' },
  'events.listEvents.after.own-organization': {
    why: 'pending',
    detail: "a cursor of another organization's feed (tokens.unpaid's): 400",
  },
  'events.listEvents.after.malformed-400': { why: 'pending', detail: 'a cursor the deployment never gave: 400' },
  'events.listEvents.after.unsealed-410': {
    why: 'setup',
    detail:
      'needs a cursor of the form deployments gave before cursors were sealed, which only a deployment that served one has',
  },
  'events.listEvents.start.latest': {
    why: 'pending',
    detail: 'start=latest: a page without the events written before it, and a next_cursor that reads on from there',
  },
  'events.listEvents.start.settled': {
    why: 'outside',
    detail:
      "needs a transaction left open inside the deployment while a later write's event is read, which a client cannot arrange",
  },
  'events.listEvents.start.not-with-after': { why: 'pending', detail: 'start=latest with after: 400' },
  'events.listEvents.types.filter': { why: 'pending', detail: 'types=company.* and an exact type: only those events' },
  'events.listEvents.types.unknown-400': { why: 'pending', detail: 'types naming an unknown type: 400' },
  'events.getEvent.expired-404': { why: 'cost', detail: 'the retention is 30 days, which no run waits for' },
  'webhooks.listWebhookEndpoints.administered': {
    why: 'pending',
    detail:
      'the list of a token that is read-only somewhere (tokens.read_only): without the endpoints covering that location',
  },
  'webhooks.listWebhookEndpoints.no-secrets': { why: 'pending', detail: 'the list without any secret' },
  'webhooks.createWebhookEndpoint.admin-at-covered': {
    why: 'pending',
    detail: 'a create by tokens.read_only covering its read-only location: 403',
  },
  'webhooks.createWebhookEndpoint.at-most-20': {
    why: 'cost',
    detail: "would create 20 endpoints and be refused a 21st: 42 requests of the admin token's minute for one bound",
  },
  'webhooks.createWebhookEndpoint.private-url-422': {
    why: 'setup',
    detail:
      'whether the deployment allows private addresses is its setting, which the profile does not say; a refused receiver URL skips the webhooks group with that reason (decision 281)',
  },
  'webhooks.createWebhookEndpoint.no-idempotency-key': {
    why: 'pending',
    detail: 'a create with an Idempotency-Key: 400, and no endpoint created',
  },
  'webhooks.getWebhookEndpoint.no-role-404': { why: 'pending', detail: 'the endpoint read with tokens.no_access: 404' },
  'webhooks.getWebhookEndpoint.read-only-403': {
    why: 'pending',
    detail: 'the endpoint read with tokens.read_only: 403',
  },
  'webhooks.getWebhookEndpoint.200.no-secret': { why: 'pending', detail: 'the endpoint read without its secret' },
  'webhooks.updateWebhookEndpoint.url-description-types': {
    why: 'pending',
    detail: 'an update of the description and event types, answered and read back',
  },
  'webhooks.updateWebhookEndpoint.enable-clears-reason': {
    why: 'pending',
    detail: 'the endpoint a 410 disabled, enabled again: disabled_reason null',
  },
  'webhooks.updateWebhookEndpoint.pending-go-out': {
    why: 'pending',
    detail: 'a delivery waiting for its retry when the endpoint is disabled, sent once it is enabled again',
  },
  'webhooks.updateWebhookEndpoint.locations-fixed': {
    why: 'pending',
    detail: 'an update naming location_names: refused or ignored, the covered locations as created',
  },
  'webhooks.deleteWebhookEndpoint.deliveries-go': {
    why: 'outside',
    detail:
      "a deleted endpoint's deliveries cannot be listed (404, like the endpoint); that nothing more is sent, deleted_endpoint_receives_nothing checks",
  },
  'webhooks.rotateWebhookEndpointSecret.new-secret': {
    why: 'pending',
    detail: 'a rotation answering a new whsec_ secret',
  },
  'webhooks.rotateWebhookEndpointSecret.two-signatures': {
    why: 'pending',
    detail: 'a delivery after a rotation carrying two v1 signatures, one under each secret',
  },
  'webhooks.rotateWebhookEndpointSecret.rotating-again': {
    why: 'pending',
    detail: 'a second rotation: deliveries signed under the two newest secrets only',
  },
  'webhooks.rotateWebhookEndpointSecret.no-idempotency-key': {
    why: 'pending',
    detail: 'a rotation with an Idempotency-Key: 400',
  },
  'webhooks.listWebhookDeliveries.newest-first': {
    why: 'pending',
    detail: "the endpoint's deliveries listed newest first",
  },
  'webhooks.listWebhookDeliveries.paged': {
    why: 'pending',
    detail: 'the deliveries list with the pagination headers and links of every list',
  },
  'webhooks.listWebhookDeliveries.status.filter': { why: 'pending', detail: 'status=failed: only failed deliveries' },
  'webhooks.listWebhookDeliveries.200.newest-first': {
    why: 'pending',
    detail: "the endpoint's deliveries listed newest first",
  },
  'webhooks.redeliverWebhookDelivery.expired-422': {
    why: 'cost',
    detail: 'the retention is 30 days, which no run waits for',
  },
  'webhooks.redeliverWebhookDelivery.disabled-422': {
    why: 'pending',
    detail: 'a redelivery to a disabled endpoint: 422',
  },
  'webhooks.recoverWebhookEndpoint.window': {
    why: 'pending',
    detail: "a recovery of the run's window: the events it wrote delivered again, in feed order",
  },
  'webhooks.recoverWebhookEndpoint.at-most-10000': {
    why: 'cost',
    detail: 'needs more than 10,000 events in a window, ten thousand writes a run cannot make',
  },
  'webhooks.recoverWebhookEndpoint.refusals-422': {
    why: 'pending',
    detail: 'a recovery of an empty window, of a window ending before it starts, and of a disabled endpoint: 422',
  },
  'webhooks.recoverWebhookEndpoint.200.count': {
    why: 'pending',
    detail: 'a recovery answering the count of deliveries it queued',
  },
  'webhooks.deliverEvent.webhook-signature.two-after-rotation': {
    why: 'pending',
    detail: 'a delivery after a rotation carrying two v1 signatures, one under each secret',
  },
  'webhooks.deliverEvent.2XX.body-ignored': {
    why: 'pending',
    detail: 'a receiver answering 200 with a body: delivered',
  },
  'webhooks.deliverEvent.429.http-date': {
    why: 'pending',
    detail: 'Retry-After as an HTTP date, whose resolution of a second makes the check wait up to 2 s more',
  },
  'webhooks.deliverEvent.429.capped': {
    why: 'cost',
    detail: "the schedule's longest wait is 10 hours, which no run waits for",
  },
  'webhooks.deliverEvent.429.without': {
    why: 'pending',
    detail: 'a 429 without Retry-After tried again on the schedule, 5 s ±20 % later',
  },
  'webhooks.deliverEvent.503.http-date': {
    why: 'pending',
    detail: 'Retry-After as an HTTP date, whose resolution of a second makes the check wait up to 2 s more',
  },
  'webhooks.deliverEvent.503.capped': {
    why: 'cost',
    detail: "the schedule's longest wait is 10 hours, which no run waits for",
  },
  'webhooks.deliverEvent.503.without': {
    why: 'pending',
    detail: 'a 503 without Retry-After tried again on the schedule, 5 s ±20 % later',
  },
  'webhooks.deliverEvent.default.redirects': {
    why: 'pending',
    detail: 'a receiver answering 302: a failed attempt, the Location never asked',
  },
  'webhooks.deliverEvent.default.timeout': {
    why: 'cost',
    detail: 'a receiver that never answers costs 15 s of the run, and the retry after it 5 s more',
  },
  'webhooks.deliverEvent.default.schedule': {
    why: 'cost',
    detail: 'the schedule spans 33 hours; failed_delivery_retried checks its first wait, 5 s',
  },
  'webhooks.deliverEvent.default.after-last': {
    why: 'cost',
    detail: 'the last attempt comes 33 hours after the first, which no run waits for',
  },
};
