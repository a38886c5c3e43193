import type { Middleware } from 'openapi-fetch';
import { TimeoutError } from '../transport-errors.js';

function checked(ms: unknown, what: string): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0) {
    throw new TypeError(`${what} must be a positive number of milliseconds, got ${String(ms)}`);
  }
  return ms;
}

/**
 * Aborts a call that takes longer than its limit, rate-limit waits and retries included, with a
 * TimeoutError, while still honouring a `signal` the caller passed. The limit is the call's own
 * `timeout` (`client.GET(path, { timeout: 30_000 })`; openapi-fetch hands options it does not
 * know to middleware on the request) or else `ms`, the client's; neither means no limit.
 */
export function timeout(ms?: number): Middleware {
  if (ms !== undefined) checked(ms, 'timeout');
  return {
    onRequest({ request }) {
      const own = (request as Request & { timeout?: unknown }).timeout;
      const limit = own === undefined ? ms : checked(own, "a call's timeout");
      if (limit === undefined) return undefined;
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new TimeoutError({ method: request.method, url: request.url, timeout: limit })),
        limit,
      );
      // A finished call leaves its timer behind; it must not keep a process alive.
      (timer as { unref?: () => void }).unref?.();
      return new Request(request, { signal: AbortSignal.any([request.signal, deadline.signal]) });
    },
  };
}
