// 120 requests per minute and 5,000 per hour per identical Authorization value, across both
// interfaces (section 8). Counters live in PostgreSQL (the UNLOGGED `rate_limits` table,
// DECISIONS 101), so every server process on the database shares them; keys are digests,
// never the token itself. Both windows are counted by one statement, which also reads the
// directory version (DECISIONS 100), so a request pays one round trip for all three.
import { createHash } from 'node:crypto';
import type { Knex } from '@mikro-orm/postgresql';
import type { Middleware } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from '../http/errors.js';
import { DIRECTORY_VERSION, type Directory } from './directory.js';

export const rateLimits = [
  { points: 120, seconds: 60, label: '120 requests per minute' },
  { points: 5000, seconds: 3600, label: '5000 requests per hour' },
] as const;

/** A fixed-window counter in the shared `rate_limits` table (failed authentications use it). */
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

/** Where a counter stands after a request counted. */
export interface Counted {
  remainingPoints: number;
  msBeforeNext: number;
}

/** ISO 8601 UTC, rounded up to the second so a client waiting until then is never early. */
function resetTime(result: Counted): string {
  const at = Math.ceil((Date.now() + result.msBeforeNext) / 1000) * 1000;
  return new Date(at).toISOString().replace('.000Z', 'Z');
}

/** The section 8 headers for one limit; on a refusal Remaining is 0. */
export function rateLimitHeaders(points: number, result: Counted, exceeded: boolean): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(points),
    'X-RateLimit-Remaining': String(exceeded ? 0 : result.remainingPoints),
    'X-RateLimit-Reset': resetTime(result),
  };
}

/**
 * The rate-limiter-flexible store's fixed windows, both in one upsert (keys in one order, so
 * concurrent requests lock them alike): a counter past its expiry starts again at 1.
 */
const countBoth = `
  insert into rate_limits as r (key, points, expire) values (?, 1, ?), (?, 1, ?)
  on conflict (key) do update set
    points = case when r.expire <= ? then 1 else r.points + 1 end,
    expire = case when r.expire <= ? then excluded.expire else r.expire end
  returning key, points, expire, (select version from directory_version) as directory_version`;

interface CountedRow {
  key: string;
  points: number;
  expire: string;
  directory_version: string;
}

export function rateLimit(knex: Knex, directory: Directory): Middleware {
  return async (ctx, next) => {
    const authorization = ctx.get('Authorization');
    if (!authorization) return next();
    const digest = counterKey(authorization);
    const now = Date.now();
    const keys = rateLimits.map((limit) => `per-${limit.seconds}s:${digest}`);
    const { rows } = await knex.raw<{ rows: CountedRow[] }>(countBoth, [
      ...rateLimits.flatMap((limit, i) => [keys[i]!, now + limit.seconds * 1000]),
      now,
      now,
    ]);
    const version = BigInt(rows[0]!.directory_version);
    directory.observe(version);
    ctx.state[DIRECTORY_VERSION] = version;
    const outcomes = rateLimits.map((limit, i) => {
      const row = rows.find((candidate) => candidate.key === keys[i])!;
      const result = {
        remainingPoints: Math.max(limit.points - row.points, 0),
        msBeforeNext: Math.max(Number(row.expire) - now, 0),
      };
      return { limit, result, exceeded: row.points > limit.points };
    });
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
