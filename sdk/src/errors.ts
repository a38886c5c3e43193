import { type RateLimit, readETag, readRateLimit, readRequestId } from './headers.js';
import { requestOf } from './middleware/remember-request.js';

export interface ApiErrorInit {
  method: string;
  url: string;
  response: Response;
  /** The parsed JSON body, or its text when it is not JSON. */
  body: unknown;
}

function errorText(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : undefined;
}

function validationErrors(body: unknown): Record<string, string[]> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(errors)) {
    result[field] = Array.isArray(messages) ? messages.map(String) : [String(messages)];
  }
  return result;
}

function describe(status: number, body: unknown): string {
  const fields = Object.entries(validationErrors(body));
  if (fields.length) return fields.map(([field, messages]) => `${field} ${messages.join(', ')}`).join('; ');
  return errorText(body) ?? (typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${status}`);
}

/** A non-2xx answer of the API, with what an integrator needs to log it or act on it. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly method: string;
  /** The request path, e.g. `/api/v1/purchase_orders/42`. */
  readonly path: string;
  readonly url: string;
  /** The parsed body: `{error}` for most statuses, `{errors}` for 422, text when not JSON. */
  readonly body: unknown;
  /** The body's `error` sentence, when it has one. */
  readonly error: string | undefined;
  readonly rateLimit: RateLimit;
  /** The answer's `X-Request-Id`: quote it to the API's operators. */
  readonly requestId: string | undefined;
  /** The answer itself; left out when the error is printed, which it would fill with its internals. */
  declare readonly response: Response;

  constructor({ method, url, response, body }: ApiErrorInit) {
    const path = url ? new URL(url).pathname : '';
    const requestId = readRequestId(response);
    super(
      `${method} ${path} answered ${response.status}: ${describe(response.status, body)}` +
        (requestId ? ` (request id ${requestId})` : ''),
    );
    this.status = response.status;
    this.method = method;
    this.path = path;
    this.url = url;
    this.body = body;
    this.error = errorText(body);
    this.rateLimit = readRateLimit(response);
    this.requestId = requestId;
    // Not enumerable: Node prints an uncaught error with its own enumerable properties, and a
    // Response's headers, body stream and state took some 60 lines of it (DECISIONS 468).
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
  }
}

/** 400: the request could not be read; fix the client. */
export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
/** 401: missing or unknown token, or a token of another organization. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
}
/** 402: no paid location (on the location interface: this location is unpaid). */
export class PaymentRequiredError extends ApiError {
  override name = 'PaymentRequiredError';
}
/** 403: the API user lacks access or the needed role. */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}
/** 404: unknown record or location, or outside an explicit location filter. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 405: the path does not offer the method, e.g. deleting an appointment. */
export class MethodNotAllowedError extends ApiError {
  override name = 'MethodNotAllowedError';
  /** The methods the path offers, from the `Allow` header. */
  get allow(): string[] {
    return (this.response.headers.get('Allow') ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean);
  }
}
/**
 * 410: what was asked for is no longer kept, e.g. a feed cursor older than the events'
 * retention (an extension, DECISIONS 177): start again without the cursor.
 */
export class GoneError extends ApiError {
  override name = 'GoneError';
}
/**
 * 412: the record changed since it was read (its ETag no longer matches `If-Match`; an
 * extension, DECISIONS 122); nothing was written. Read it again and reapply the change.
 */
export class PreconditionFailedError extends ApiError {
  override name = 'PreconditionFailedError';
  /** The record's current ETag, to send in `If-Match` after reading it again. */
  readonly etag: string | undefined = readETag(this.response);
}
/** 422: a well-formed record broke a rule; fix the data. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
  /** Field path (`sku`, `purchase_order_items[1].quantity`, `base`) to its messages. */
  readonly errors: Record<string, string[]> = validationErrors(this.body);
}
/** 429: a rate limit was exceeded; `rateLimit.reset` says when requests can resume. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
/** 5xx: the service failed; the request may be retried later. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

const byStatus: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  402: PaymentRequiredError,
  403: ForbiddenError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  410: GoneError,
  412: PreconditionFailedError,
  422: ValidationError,
  429: RateLimitError,
};

/** The typed error for an answer, chosen by status. */
export function apiError(init: ApiErrorInit): ApiError {
  const status = init.response.status;
  const ErrorClass = byStatus[status] ?? (status >= 500 ? ServerError : ApiError);
  return new ErrorClass(init);
}

/**
 * Turns a failed `{ error, response }` result of an SDK client into its typed error. The
 * request's method and URL come from the client, which remembers them per response.
 */
export function toApiError(result: { error?: unknown; response: Response }): ApiError {
  const { response } = result;
  if (response.ok) throw new TypeError(`toApiError needs a non-2xx result, got ${response.status}`);
  const request = requestOf(response);
  return apiError({
    method: request?.method ?? 'UNKNOWN',
    url: request?.url ?? response.url,
    response,
    body: result.error,
  });
}

type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/** The opt-in throwing layer for one call: the data of a 2xx answer, or the typed error thrown. */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: R | Promise<R>,
): Promise<DataOf<R>> {
  const result = await call;
  if (!result.response.ok) throw toApiError(result);
  return result.data as DataOf<R>;
}
