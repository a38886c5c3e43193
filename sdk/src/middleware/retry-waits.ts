// How long the client waits before sending a request again: until the rate limit resets
// after a 429, or after a transient failure an exponentially growing, jittered delay, at least
// as long as the answer's `Retry-After` asks.
import { retryAfterMs } from '@warehouse-kit/spec';
import { serverNow } from '../headers.js';

export function nonNegative(name: string, value: number, integer: boolean): number {
  if (!(value >= 0) || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw new TypeError(`${name} must be a non-negative ${integer ? 'integer' : 'number'}, got ${value}`);
  }
  return value;
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

/**
 * Milliseconds an answer's `Retry-After` asks the client to wait, in seconds or as an HTTP date
 * (measured against the answer's `Date` when it has one); undefined without a readable one.
 */
export function retryAfter(response: Response, now: () => number): number | undefined {
  return retryAfterMs(response.headers.get('Retry-After'), serverNow(response.headers, now));
}
