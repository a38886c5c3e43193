import type { Middleware } from 'openapi-fetch';
import { sleep as realSleep } from '../abort.js';
import { type RateLimit, readRateLimit } from '../headers.js';

// Methods whose repetition cannot change the outcome. POST and PATCH are left out: a retry of
// those is only taken when the caller says the request is safe to repeat.
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export interface RateLimitedEvent {
  request: Request;
  /** The 429 answer. */
  response: Response;
  /** Which retry this wait is for, from 1. */
  attempt: number;
  /** Milliseconds the client is about to wait. */
  wait: number;
  rateLimit: RateLimit;
}

export interface RetryOptions {
  /** Most retries of one request. Default 3. */
  maxRetries?: number;
  /**
   * Longest wait in milliseconds the client takes; when `X-RateLimit-Reset` is further away
   * the 429 is returned instead. Default 60,000, one window of the per-minute limit, so an
   * exhausted hourly limit fails fast rather than blocking for up to an hour.
   */
  maxWait?: number;
  /** Also retry POST and PATCH, for callers whose writes are safe to repeat. Default false. */
  retryNonIdempotent?: boolean;
  /** Called before each wait, to observe it; return `false` to give up and get the 429. */
  // biome-ignore lint/suspicious/noConfusingVoidType: an observer that returns nothing must type-check.
  onRateLimited?: (event: RateLimitedEvent) => boolean | void | Promise<boolean | void>;
  /** Replaces the wait, e.g. in tests; it must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The clock used when an answer has no `Date` header. */
  now?: () => number;
}

function nonNegative(name: string, value: number, integer: boolean): number {
  if (!(value >= 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new TypeError(`${name} must be a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return value;
}

/**
 * Milliseconds until `X-RateLimit-Reset`, measured against the server's `Date` header when it
 * has one so that a skewed local clock does not shorten the wait; undefined without a
 * readable reset, because the API always sends one and a guess could burn more budget.
 */
function waitFor(response: Response, now: () => number): number | undefined {
  const reset = readRateLimit(response).reset;
  if (!reset) return undefined;
  const serverNow = Date.parse(response.headers.get('Date') ?? '');
  return Math.max(0, reset.getTime() - (Number.isNaN(serverNow) ? now() : serverNow));
}

/**
 * On 429, waits until `X-RateLimit-Reset` (the API sends no `Retry-After`) and sends the request
 * again, within `maxRetries` and `maxWait`. The client registers it last so that it repeats the
 * request exactly as the other middleware left it.
 */
export function retryRateLimited(options: RetryOptions = {}): Middleware {
  const maxRetries = nonNegative('maxRetries', options.maxRetries ?? 3, true);
  const maxWait = nonNegative('maxWait', options.maxWait ?? 60_000, false);
  const { retryNonIdempotent = false, onRateLimited, sleep = realSleep, now = Date.now } = options;
  // A fetched request's body is spent, so each retryable request keeps an unsent copy.
  const copies = new WeakMap<Request, Request>();

  return {
    onRequest({ request }) {
      if (retryNonIdempotent || IDEMPOTENT.has(request.method)) copies.set(request, request.clone());
    },
    async onResponse({ request, response, options: { fetch } }) {
      const copy = copies.get(request);
      copies.delete(request);
      if (response.status !== 429 || !copy) return undefined;
      let answer = response;
      for (let attempt = 1; answer.status === 429 && attempt <= maxRetries; attempt++) {
        const wait = waitFor(answer, now);
        if (wait === undefined || wait > maxWait) break;
        const event = { request, response: answer, attempt, wait, rateLimit: readRateLimit(answer) };
        if ((await onRateLimited?.(event)) === false) break;
        await sleep(wait, request.signal);
        await answer.body?.cancel();
        answer = await fetch(copy.clone());
      }
      return answer;
    },
  };
}
