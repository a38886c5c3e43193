import { randomUUID } from 'node:crypto';
import type { Middleware } from 'openapi-fetch';
import { sleep as realSleep } from '../abort.js';
import { declaresHeader } from '../declared-headers.js';
import type { DeploymentExtensions } from '../extensions.js';
import { MINUTE_RESET_MS, type RateLimit, readRateLimit, untilReset } from '../headers.js';
import { ConnectionError, transportFailure } from '../transport-errors.js';
import { backoff, nonNegative, retryAfter } from './retry-waits.js';

// Methods whose repetition cannot change the outcome. After a transient failure a POST is repeated
// only against a deployment declared to honour Idempotency-Key, which applies it once however often
// it arrives, only where the contract lets the POST carry the key, and then with a key (the
// caller's, or a fresh UUID); a PATCH never, since the extension covers POST only (DECISIONS 110,
// 126, 306).
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
// Answers of a gateway or an overloaded server: the request may well succeed a moment later.
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

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

export interface TransientRetryEvent {
  request: Request;
  /** The 502, 503 or 504 answer, or the ConnectionError of a reset connection. */
  failure: Response | ConnectionError;
  /** Which retry this wait is for, from 1. */
  attempt: number;
  /** Milliseconds the client is about to wait. */
  wait: number;
}

// biome-ignore lint/suspicious/noConfusingVoidType: an observer that returns nothing must type-check.
type Veto = boolean | void | Promise<boolean | void>;

export interface TransientRetryOptions {
  /** Most retries of one request after a 502, 503, 504 or a reset connection. Default 2. */
  maxRetries?: number;
  /** Milliseconds of the first wait, doubled for each further retry. Default 500. */
  baseDelay?: number;
  /** The longest wait in milliseconds. Default 8,000. */
  maxDelay?: number;
  /** Called before each wait, to observe it; return `false` to give up and get the failure. */
  onRetry?: (event: TransientRetryEvent) => Veto;
  /** Replaces `Math.random` for the jitter, e.g. in tests. */
  random?: () => number;
}

export interface RetryOptions {
  /** Most retries of one request after a 429. Default 3. */
  maxRetries?: number;
  /**
   * Longest wait in milliseconds the client takes; when `X-RateLimit-Reset` is further away
   * the 429 is returned instead, and likewise a transient failure whose `Retry-After` asks for
   * longer. Default MINUTE_RESET_MS (62,000): one window of the per-minute limit as its headers'
   * whole seconds can show it, so an exhausted hourly limit fails fast rather than blocking for
   * up to an hour.
   */
  maxWait?: number;
  /**
   * Also repeat POST and PATCH after a 429, for callers whose server refuses before acting on
   * anything (the API checks the rate limit first, spec/DECISIONS.md 13). Default false.
   * It has no say over transient failures.
   */
  retryNonIdempotent?: boolean;
  /** Called before each wait, to observe it; return `false` to give up and get the 429. */
  onRateLimited?: (event: RateLimitedEvent) => Veto;
  /**
   * Retries of GET, HEAD, PUT and DELETE after a 502, 503, 504 or a reset connection, with
   * exponential backoff and jitter, waiting at least what the answer's `Retry-After` asks; of a POST too when the client declares the deployment
   * honours `Idempotency-Key` (`extensions.idempotency`) and the operation takes the header,
   * sending one without a key with a random one (DECISIONS 126, 306). A PATCH, and a POST whose
   * operation takes no key, are never repeated after them. `false` turns them off.
   */
  transient?: TransientRetryOptions | false;
  /** Replaces the wait, e.g. in tests; it must reject when the signal aborts. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** The clock used when an answer has no `Date` header. */
  now?: () => number;
}

/** What one call has retried so far, and the unsent copy its retries are made from. */
interface Attempts {
  copy: Request;
  /** Its Idempotency-Key is the client's own, not the caller's: it makes transient retries safe, nothing more. */
  autoKeyed: boolean;
  /** Whether sending it again after a transient failure cannot do the work twice. */
  transientSafe: boolean;
  rateLimited: number;
  transient: number;
}

/** After a 429, which the API answers before acting (DECISIONS 13): a caller's key says the caller allows it. */
const repeatableAfterRateLimit = (request: Request) =>
  IDEMPOTENT.has(request.method) || request.headers.has('Idempotency-Key');

/**
 * Sends a request again after a 429 (waiting until `X-RateLimit-Reset`, within `maxRetries`
 * and `maxWait`; the API sends no `Retry-After` with a 429) and after a transient failure (502,
 * 503, 504 or a reset connection, with backoff, and at least the answer's `Retry-After`) when
 * repeating it is safe: for a POST, only when
 * `extensions.idempotency` declares that the deployment honours `Idempotency-Key` and the
 * operation declares the header (its `schemaPath` in the spec's header parameters). The client
 * registers it after the other middleware so that it repeats the request exactly as they left it.
 */
export function retry(options: RetryOptions = {}, extensions: DeploymentExtensions = {}): Middleware {
  const honoursKeys = extensions.idempotency === true;
  const maxRetries = nonNegative('maxRetries', options.maxRetries ?? 3, true);
  const maxWait = nonNegative('maxWait', options.maxWait ?? MINUTE_RESET_MS, false);
  const { retryNonIdempotent = false, onRateLimited, sleep = realSleep, now = Date.now } = options;
  const transient = options.transient === false ? undefined : (options.transient ?? {});
  const transientRetries = transient ? nonNegative('transient.maxRetries', transient.maxRetries ?? 2, true) : 0;
  const delays = {
    baseDelay: nonNegative('transient.baseDelay', transient?.baseDelay ?? 500, false),
    maxDelay: nonNegative('transient.maxDelay', transient?.maxDelay ?? 8_000, false),
    random: transient?.random ?? Math.random,
  };
  // A fetched request's body is spent, so each retryable request keeps an unsent copy. Keyed
  // by request, so a response recovered in onError goes on counting in onResponse.
  const calls = new WeakMap<Request, Attempts>();

  /** Milliseconds to wait before sending again, or undefined to settle for `outcome`. */
  async function waitBefore(request: Request, outcome: Response | Error, attempts: Attempts) {
    if (outcome instanceof Response && outcome.status === 429) {
      if (attempts.rateLimited >= maxRetries || (attempts.autoKeyed && !retryNonIdempotent)) return undefined;
      const until = untilReset(outcome.headers, now);
      if (until === undefined || until > maxWait) return undefined;
      // A reset that has passed already: send again at once.
      const wait = Math.max(0, until);
      const attempt = ++attempts.rateLimited;
      const event = { request, response: outcome, attempt, wait, rateLimit: readRateLimit(outcome) };
      return (await onRateLimited?.(event)) === false ? undefined : wait;
    }
    const failed =
      outcome instanceof Response
        ? TRANSIENT_STATUSES.has(outcome.status)
        : outcome instanceof ConnectionError && outcome.reset;
    if (!failed || !attempts.transientSafe || attempts.transient >= transientRetries) return undefined;
    // A server that says when to come back (the reference server's 503, DECISIONS 370) is waited for; past maxWait the failure is returned.
    const asked = outcome instanceof Response ? retryAfter(outcome, now) : undefined;
    if (asked !== undefined && asked > maxWait) return undefined;
    const attempt = ++attempts.transient;
    const wait = Math.max(asked ?? 0, backoff(delays, attempt));
    const event = { request, failure: outcome as Response | ConnectionError, attempt, wait };
    return (await transient?.onRetry?.(event)) === false ? undefined : wait;
  }

  /** Sends the copy again until the outcome is one to keep; a failure to send is an outcome too. */
  async function settle(request: Request, first: Response | Error, fetch: typeof globalThis.fetch) {
    const attempts = calls.get(request);
    let outcome = first;
    for (;;) {
      const wait = attempts && (await waitBefore(request, outcome, attempts));
      if (wait === undefined) return outcome;
      try {
        await sleep(wait, request.signal);
      } catch (error) {
        return transportFailure(error, request) as Error;
      }
      if (outcome instanceof Response) await outcome.body?.cancel();
      try {
        outcome = await fetch(attempts!.copy.clone());
      } catch (error) {
        outcome = transportFailure(error, request) as Error;
      }
    }
  }

  return {
    onRequest({ request, schemaPath }) {
      const keyable =
        honoursKeys && request.method === 'POST' && declaresHeader(request.method, schemaPath, 'Idempotency-Key');
      const autoKeyed = keyable && transientRetries > 0 && !request.headers.has('Idempotency-Key');
      if (autoKeyed) request.headers.set('Idempotency-Key', randomUUID());
      const transientSafe = IDEMPOTENT.has(request.method) || (keyable && request.headers.has('Idempotency-Key'));
      if (transientSafe || retryNonIdempotent || repeatableAfterRateLimit(request)) {
        calls.set(request, { copy: request.clone(), autoKeyed, transientSafe, rateLimited: 0, transient: 0 });
      }
    },
    async onResponse({ request, response, options: { fetch } }) {
      const outcome = await settle(request, response, fetch);
      calls.delete(request);
      if (outcome instanceof Response) return outcome;
      throw outcome;
    },
    async onError({ request, error, options: { fetch } }) {
      if (!(error instanceof Error)) return undefined;
      const outcome = await settle(request, error, fetch);
      // A recovered answer passes through onResponse next, which may retry it further.
      if (!(outcome instanceof Response)) calls.delete(request);
      return outcome;
    },
  };
}
