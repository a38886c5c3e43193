import type { Middleware } from 'openapi-fetch';
import { abortable } from '../abort.js';

export interface ThrottleOptions {
  /** Requests allowed per `interval`. */
  limit: number;
  /** The window in milliseconds. */
  interval: number;
  /** Hold every window of `interval` to `limit` (a sliding window) instead of fixed windows. */
  strict?: boolean;
  /** Called each time a request is held back, to observe throttling. */
  onDelay?: () => void;
}

/**
 * Spaces requests so they stay under a budget before the API refuses them. Both interfaces
 * and every client of one token share the API's limits, so create one throttle per token and
 * give it to each of those clients (`createClient({ middleware: [shared] })`).
 * `{ limit: 1, interval: 720 }` never exceeds the 5,000-per-hour limit.
 */
export function throttle(options: ThrottleOptions): Middleware {
  const { limit, interval, strict = false, onDelay } = options;
  // p-throttle accepts a limit of 0, which would hold every request forever.
  if (!Number.isInteger(limit) || limit < 1 || !Number.isFinite(interval) || interval <= 0) {
    throw new TypeError(
      `throttle needs a whole limit >= 1 and an interval > 0 ms, got limit ${limit}, interval ${interval}`,
    );
  }
  // p-throttle does the window bookkeeping and queueing; the throttled function is a no-op
  // because the request itself goes on through openapi-fetch once the gate opens. It is loaded
  // by the first throttle made, so a client without one never loads it (DECISIONS 482).
  const gate = import('p-throttle').then(({ default: pThrottle }) =>
    pThrottle({ limit, interval, strict, ...(onDelay ? { onDelay } : {}) })(async () => undefined),
  );
  return {
    async onRequest({ request }) {
      await abortable(
        gate.then((open) => open()),
        request.signal,
      );
    },
  };
}
