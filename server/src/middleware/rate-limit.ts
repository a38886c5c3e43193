// 120 requests per minute and 5,000 per hour per identical Authorization value, across both
// interfaces (section 8); a test deployment may shorten the minute's window (WH_RATE_LIMIT_WINDOW_S,
// DECISIONS 490), never the limits. Only requests carrying a token of the organization are counted
// (DECISIONS 147): authentication counts them in the shared `rate_limits` table, in the
// statement that also checks the token (db/rate-limit-counters.ts), and refuses an exhausted
// token here before any other work. Others meet the per-address failure limit instead.
import { createHash } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import type { CounterRow, Window } from '../db/rate-limit-counters.js';
import { HttpError } from '../http/errors.js';

/** One limit: `points` requests in a fixed window of `seconds`. */
export interface RateLimit {
  points: number;
  seconds: number;
  label: string;
}

/** The limits of section 8, the first one's window `minuteWindowS` long: 60 but in a test deployment. */
export function rateLimitsOf(minuteWindowS = 60): [RateLimit, RateLimit] {
  return [
    {
      points: 120,
      seconds: minuteWindowS,
      label: minuteWindowS === 60 ? '120 requests per minute' : `120 requests per ${minuteWindowS} s`,
    },
    { points: 5000, seconds: 3600, label: '5000 requests per hour' },
  ];
}

/** Where a counter stands after a request counted. */
export interface Standing {
  remainingPoints: number;
  msBeforeNext: number;
}

/** ISO 8601 UTC, rounded up to the second so a client waiting until then is never early. */
function resetTime(standing: Standing): string {
  const at = Math.ceil((Date.now() + standing.msBeforeNext) / 1000) * 1000;
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** The section 8 headers for one limit; on a refusal Remaining is 0. */
export function rateLimitHeaders(points: number, standing: Standing, exceeded: boolean): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(points),
    'X-RateLimit-Remaining': String(exceeded ? 0 : standing.remainingPoints),
    'X-RateLimit-Reset': resetTime(standing),
  };
}

/** Both windows of a request with this Authorization value, as they would be if they started now. Keys are digests. */
export function windowsOf(limits: [RateLimit, RateLimit], authorization: string, now: number): [Window, Window] {
  const digest = createHash('sha256').update(authorization).digest('hex');
  const [minute, hour] = limits.map((limit) => ({
    key: `per-${limit.seconds}s:${digest}`,
    expire: now + limit.seconds * 1000,
  }));
  return [minute!, hour!];
}

/** 429 when a window is exhausted; otherwise the headers of the limit closest to exhaustion (DECISIONS 20). */
export function enforceRateLimits(
  ctx: ParameterizedContext,
  limits: [RateLimit, RateLimit],
  windows: [Window, Window],
  counters: CounterRow[],
  now: number,
): void {
  const outcomes = limits.map((limit, i) => {
    const row = counters.find((candidate) => candidate.key === windows[i]!.key)!;
    const standing = {
      remainingPoints: Math.max(limit.points - row.points, 0),
      msBeforeNext: Math.max(row.expire - now, 0),
    };
    return { limit, standing, exceeded: row.points > limit.points };
  });
  const exceeded = outcomes.filter((outcome) => outcome.exceeded);
  if (exceeded.length > 0) {
    // Requests resume only when every exceeded limit has reset.
    const binding = exceeded.reduce((a, b) => (b.standing.msBeforeNext > a.standing.msBeforeNext ? b : a));
    const headers = rateLimitHeaders(binding.limit.points, binding.standing, true);
    throw new HttpError(
      429,
      `rate limit exceeded (${binding.limit.label}); requests resume at ${headers['X-RateLimit-Reset']}`,
      headers,
    );
  }
  const closest = outcomes.reduce((a, b) => (b.standing.remainingPoints < a.standing.remainingPoints ? b : a));
  ctx.set(rateLimitHeaders(closest.limit.points, closest.standing, false));
}
