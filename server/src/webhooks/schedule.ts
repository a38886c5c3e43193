// When a failed delivery is tried again (DECISIONS 248): the Standard Webhooks schedule, each
// wait ±20 % at random, scaled for tests; or a receiver's Retry-After on 429 and 503.
import { retryAfterMs } from '@warehouse-kit/spec';

/** The waits after attempts 1 to 7, in seconds: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
const WAITS_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];

/** The schedule's attempts: the first, at once, and one after each wait. */
export const MAX_ATTEMPTS = WAITS_S.length + 1;

const LONGEST_MS = Math.max(...WAITS_S) * 1000;

/** Milliseconds to wait after failed attempt `attempt` (1-based); undefined after the last. */
export function scheduledWait(attempt: number, scale: number, random = Math.random): number | undefined {
  const wait = WAITS_S[attempt - 1];
  if (wait === undefined) return undefined;
  return Math.round(wait * 1000 * scale * (0.8 + 0.4 * random()));
}

/** A Retry-After header's wait in milliseconds (seconds or an HTTP date), at most 10 hours; undefined when unreadable. */
export function retryAfterWait(header: string | undefined, now = Date.now()): number | undefined {
  const ms = retryAfterMs(header, now);
  return ms === undefined ? undefined : Math.min(ms, LONGEST_MS);
}
