// Standard Webhooks verification of event deliveries, and signing for tools that forward them
// (whctl listen): the contract's own implementation, on node:crypto alone so that a receiver
// needs no other package (DECISIONS 220, 480).
import type { components } from '@warehouse-kit/spec';

export {
  generateWebhookSecret,
  type IncomingHeaders,
  type SignWebhookInit,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  WebhookHeaderError,
  type WebhookHeaders,
  WebhookPayloadError,
  WebhookSignatureError,
  WebhookTimestampError,
  WebhookVerificationError,
} from '@warehouse-kit/spec/webhook-signature';

/** An event of the feed or of a webhook delivery: a union by `type`. */
export type Event = components['schemas']['Event'];
export type EventType = Event['type'];
