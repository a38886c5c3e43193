// How long the client waits before sending a request again: until the rate limit resets
// after a 429, or an exponentially growing, jittered delay after a transient failure.
import { readRateLimit } from '../headers.js';

export function nonNegative(name: string, value: number, integer: boolean): number {
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
export function untilReset(response: Response, now: () => number): number | undefined {
  const reset = readRateLimit(response).reset;
  if (!reset) return undefined;
  const serverNow = Date.parse(response.headers.get('Date') ?? '');
  return Math.max(0, reset.getTime() - (Number.isNaN(serverNow) ? now() : serverNow));
}

export interface Backoff {
  baseDelay: number;
  maxDelay: number;
  random: () => number;
}

/**
 * The wait before retry `attempt` (from 1) after a transient failure: `baseDelay` doubled per
 * attempt up to `maxDelay`, of which a random half is taken off ("equal jitter"), so that
 * clients failing together do not come back together and every retry still waits a while.
 */
export function backoff({ baseDelay, maxDelay, random }: Backoff, attempt: number): number {
  const ceiling = Math.min(maxDelay, baseDelay * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
