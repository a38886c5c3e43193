// Failed authentications per client address (DECISIONS 65): past the limit, a request that
// fails to authenticate is answered 429 instead of 401, so guessing tokens is throttled. A
// request with a valid token never counts and is never refused, whoever else fails from the
// same address. Counters are shared by every server process through PostgreSQL.
import type { Knex } from '@mikro-orm/postgresql';
import type { Context } from 'koa';
import { HttpError, unauthorized } from '../http/errors.js';
import { consumed, counterKey, postgresLimiter, rateLimitHeaders } from './rate-limit.js';

export class AuthenticationFailures {
  private readonly limiter;

  constructor(
    knex: Knex,
    private readonly perMinute: number,
  ) {
    this.limiter = postgresLimiter(knex, 'auth-failures-per-60s', perMinute, 60);
  }

  /** Counts a failure from the request's address and refuses it: 401, or 429 past the limit. */
  async refuse(ctx: Context, message: string): Promise<never> {
    const { result, exceeded } = await consumed(this.limiter, counterKey(ctx.ip));
    if (!exceeded) throw unauthorized(message);
    const headers = rateLimitHeaders(this.perMinute, result, true);
    throw new HttpError(
      429,
      `too many failed authentications from this address (${this.perMinute} per minute); ` +
        `requests with a valid token still pass, others resume at ${headers['X-RateLimit-Reset']}`,
      headers,
    );
  }
}
