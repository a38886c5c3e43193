import type { Middleware } from 'openapi-fetch';

/**
 * Aborts a call that takes longer than `ms`, rate-limit waits and retries included, while
 * still honouring a `signal` the caller passed for that request.
 */
export function timeout(ms: number): Middleware {
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new TypeError(`timeout must be a positive number of milliseconds, got ${ms}`);
  }
  return {
    onRequest({ request }) {
      return new Request(request, { signal: AbortSignal.any([request.signal, AbortSignal.timeout(ms)]) });
    },
  };
}
