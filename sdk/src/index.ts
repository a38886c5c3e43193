// The SDK's public entry (`@warehouse-kit/sdk`).
import type { components } from '@warehouse-kit/spec';

export type { components, operations, paths } from '@warehouse-kit/spec';
/** The contract version this SDK was built against, and the header a deployment names its own in. */
export { CONTRACT_VERSION, CONTRACT_VERSION_HEADER } from '@warehouse-kit/spec';
// Standard Webhooks verification of event deliveries, and signing for tools that forward them
// (whctl listen): the contract's own implementation, on node:crypto alone, so that a receiver
// needs no other package (DECISIONS 220, 480).
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
/** The shape of `createClient`'s `middleware` (openapi-fetch's). */
export type { Middleware } from 'openapi-fetch';
export { apiBaseUrl, locationBaseUrl } from './base-url.js';
export { type CreateClientOptions, createClient, type WarehouseClient } from './client.js';
export { declaresHeader } from './declared-headers.js';
export {
  ApiError,
  type ApiErrorInit,
  apiError,
  BadRequestError,
  ForbiddenError,
  GoneError,
  MethodNotAllowedError,
  NotFoundError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitError,
  ServerError,
  toApiError,
  UnauthorizedError,
  unwrap,
  ValidationError,
} from './errors.js';
export {
  type Event,
  type EventFeedOptions,
  type EventPage,
  type EventType,
  eventPages,
  iterateEvents,
} from './events.js';
export { type DeploymentExtensions, EXTENSION_NAMES } from './extensions.js';
export {
  type LinkRel,
  MINUTE_RESET_MS,
  type Pagination,
  type RateLimit,
  readContractVersion,
  readETag,
  readPagination,
  readRateLimit,
  readRequestId,
  untilReset,
} from './headers.js';
export { localhostFetch } from './localhost.js';
export { tokenAuth } from './middleware/auth.js';
export { contractVersionCheck, type VersionMismatchHandler } from './middleware/contract-version.js';
export { requestOf } from './middleware/remember-request.js';
export {
  type RateLimitedEvent,
  type RetryOptions,
  retry,
  type TransientRetryEvent,
  type TransientRetryOptions,
} from './middleware/retry.js';
export { type ThrottleOptions, throttle } from './middleware/throttle.js';
export { throwOnError } from './middleware/throw-on-error.js';
export { timeout } from './middleware/timeout.js';
export { transportFailures } from './middleware/transport-failures.js';
export {
  type ListInit,
  type ListRecord,
  type OffsetPath,
  type Page,
  type PagePath,
  PaginationError,
  pages,
  paginate,
  paginateOffset,
} from './pagination.js';
export { REDACTED, redact, redactHeader } from './redact.js';
export type { DebugLog } from './trace.js';
export { ConnectionError, TimeoutError, transportFailure } from './transport-errors.js';
export { SDK_NAME, SDK_VERSION, USER_AGENT } from './version.js';

/** A schema of the contract by name, e.g. `Schema<'PurchaseOrder'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
