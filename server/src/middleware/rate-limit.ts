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

interface Outcome {
  limit: (typeof rateLimits)[number];
  result: RateLimiterRes;
  exceeded: boolean;
}

/** ISO 8601 UTC, rounded up to the second so a client waiting until then is never early. */
function resetTime(result: RateLimiterRes): string {
  const at = Math.ceil((Date.now() + result.msBeforeNext) / 1000) * 1000;
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

function headersFor(outcome: Outcome): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(outcome.limit.points),
    'X-RateLimit-Remaining': String(outcome.exceeded ? 0 : outcome.result.remainingPoints),
    'X-RateLimit-Reset': resetTime(outcome.result),
  };
}

export function rateLimit(knex: Knex): Middleware {
  const limiters = rateLimits.map(
    (limit) =>
      new RateLimiterPostgres({
        storeClient: knex,
        storeType: 'knex',
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: `per-${limit.seconds}s`,
        points: limit.points,
        duration: limit.seconds,
      }),
  );

  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (!authorization) return next();
    const key = createHash('sha256').update(authorization).digest('hex');
    const outcomes: Outcome[] = await Promise.all(
      limiters.map((limiter, i) =>
        limiter.consume(key).then(
          (result) => ({ limit: rateLimits[i]!, result, exceeded: false }),
          (rejection: unknown) => {
            if (rejection instanceof RateLimiterRes)
              return { limit: rateLimits[i]!, result: rejection, exceeded: true };
            throw rejection;
          },
        ),
      ),
    );
    const exceeded = outcomes.filter((outcome) => outcome.exceeded);
    if (exceeded.length > 0) {
      // Requests resume only when every exceeded limit has reset.
      const binding = exceeded.reduce((a, b) => (b.result.msBeforeNext > a.result.msBeforeNext ? b : a));
      const headers = headersFor(binding);
      throw new HttpError(
        429,
        `rate limit exceeded (${binding.limit.label}); requests resume at ${headers['X-RateLimit-Reset']}`,
        headers,
      );
    }
    const closest = outcomes.reduce((a, b) => (b.result.remainingPoints < a.result.remainingPoints ? b : a));
    ctx.set(headersFor(closest));
    await next();
  };
}
