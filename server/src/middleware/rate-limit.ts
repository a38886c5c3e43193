// 120 requests per minute and 5,000 per hour per identical Authorization value, across both
// interfaces (section 8). Counters live in PostgreSQL through rate-limiter-flexible, so every
// server process on the database shares them; keys are digests, never the token itself.
import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';

export const rateLimits = [
  { points: 120, seconds: 60, label: '120 requests per minute' },
  { points: 5000, seconds: 3600, label: '5000 requests per hour' },
] as const;

/** A fixed-window counter in the shared `rate_limits` table. */
export function postgresLimiter(knex: Knex, keyPrefix: string, points: number, seconds: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: knex,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration: seconds,
  });
}

/** Counter keys are digests, so no token or address is stored as it was sent. */
export const counterKey = (value: string) => createHash('sha256').update(value).digest('hex');

/** The result of consuming a point, whether it was granted or refused. */
export function consumed(
  limiter: RateLimiterPostgres,
  key: string,
): Promise<{ result: RateLimiterRes; exceeded: boolean }> {
  return limiter.consume(key).then(
    (result) => ({ result, exceeded: false }),
    (rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) return { result: rejection, exceeded: true };
      throw rejection;
    },
  );
}

/** ISO 8601 UTC, rounded up to the second so a client waiting until then is never early. */
function resetTime(result: RateLimiterRes): string {
  const at = Math.ceil((Date.now() + result.msBeforeNext) / 1000) * 1000;
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** The section 8 headers for one limit; on a refusal Remaining is 0. */
export function rateLimitHeaders(points: number, result: RateLimiterRes, exceeded: boolean): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(points),
    'X-RateLimit-Remaining': String(exceeded ? 0 : result.remainingPoints),
    'X-RateLimit-Reset': resetTime(result),
  };
}

export function rateLimit(knex: Knex): Middleware {
  const limiters = rateLimits.map((limit) =>
    postgresLimiter(knex, `per-${limit.seconds}s`, limit.points, limit.seconds),
  );

  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (!authorization) return next();
    const key = counterKey(authorization);
    const outcomes = await Promise.all(
      limiters.map(async (limiter, i) => ({ limit: rateLimits[i]!, ...(await consumed(limiter, key)) })),
    );
    const exceeded = outcomes.filter((outcome) => outcome.exceeded);
    if (exceeded.length > 0) {
      // Requests resume only when every exceeded limit has reset.
      const binding = exceeded.reduce((a, b) => (b.result.msBeforeNext > a.result.msBeforeNext ? b : a));
      const headers = rateLimitHeaders(binding.limit.points, binding.result, true);
      throw new HttpError(
        429,
        `rate limit exceeded (${binding.limit.label}); requests resume at ${headers['X-RateLimit-Reset']}`,
        headers,
      );
    }
    const closest = outcomes.reduce((a, b) => (b.result.remainingPoints < a.result.remainingPoints ? b : a));
    ctx.set(rateLimitHeaders(closest.limit.points, closest.result, false));
    await next();
  };
}
