// The SDK's public entry (`@warehouse-kit/sdk`).
import type { components } from '@warehouse-kit/spec';

export { createClient, type CreateClientOptions, type WarehouseClient } from './client.js';
export { apiBaseUrl, locationBaseUrl } from './base-url.js';
export {
  ApiError,
  BadRequestError,
  UnauthorizedError,
  PaymentRequiredError,
  ForbiddenError,
  NotFoundError,
  MethodNotAllowedError,
  ValidationError,
  RateLimitError,
  ServerError,
  apiError,
  toApiError,
  unwrap,
  type ApiErrorInit,
} from './errors.js';
export { readPagination, readRateLimit, type Pagination, type RateLimit, type LinkRel } from './headers.js';
export {
  pages,
  paginate,
  paginateOffset,
  PaginationError,
  type Page,
  type PagePath,
  type OffsetPath,
  type ListRecord,
  type ListInit,
} from './pagination.js';
export { retryRateLimited, type RetryOptions, type RateLimitedEvent } from './middleware/retry.js';
export { throttle, type ThrottleOptions } from './middleware/throttle.js';
export { tokenAuth } from './middleware/auth.js';
export { throwOnError } from './middleware/throw-on-error.js';
export { timeout } from './middleware/timeout.js';
export { requestOf } from './middleware/remember-request.js';
export { localhostFetch } from './localhost.js';
export { wallClock, instant, parseTime, resolveInputTime } from './time.js';
export { SDK_NAME, SDK_VERSION, USER_AGENT } from './version.js';
export type { paths, components, operations } from '@warehouse-kit/spec';
/** The shape of `createClient`'s `middleware` (openapi-fetch's). */
export type { Middleware } from 'openapi-fetch';

/** A schema of the contract by name, e.g. `Schema<'PurchaseOrder'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];
