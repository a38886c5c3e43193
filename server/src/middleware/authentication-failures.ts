// Failed authentications per client address (DECISIONS 65, as amended by 148): past the limit,
// a request that fails to authenticate (to the API or to /metrics) is answered 429 instead of
// 401, so guessing tokens is throttled. A request with a valid token never counts and is never
// refused, whoever else fails from the same address. The counts live in the shared
// `rate_limits` table, so every server process keeps one budget per address: one row per
// address (an IPv6 client's /64, which one host usually holds whole), whatever token values it
// sends, swept a minute after its window ends.
import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { Context } from 'koa';
import type { RateLimitCounters } from '../db/rate-limit-counters.js';
import { HttpError } from '../http/errors.js';
import { rateLimitHeaders } from './rate-limit.js';

const WINDOW_MS = 60_000;

/** The part of an address one client holds: IPv4 whole (also when mapped into IPv6), IPv6 to its /64. */
export function addressBlock(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

export class AuthenticationFailures {
  constructor(
    private readonly counters: RateLimitCounters,
    private readonly perMinute: number,
  ) {}

  /** Counts a failure from `address`: throws 429 past the limit. */
  async count(address: string, now = Date.now()): Promise<void> {
    const digest = createHash('sha256').update(addressBlock(address)).digest('hex');
    const counter = await this.counters.countAlways({ key: `auth-failures:${digest}`, expire: now + WINDOW_MS }, now);
    if (counter.points <= this.perMinute) return;
    const headers = rateLimitHeaders(this.perMinute, { remainingPoints: 0, msBeforeNext: counter.expire - now }, true);
    throw new HttpError(
      429,
      `too many failed authentications from this address (${this.perMinute} per minute); ` +
        `requests with a valid token still pass, others resume at ${headers['X-RateLimit-Reset']}`,
      headers,
    );
  }

  /** Counts a failure from the request's address and refuses it: with `error` (a 401), or 429 past the limit. */
  async refuse(ctx: Context, error: HttpError): Promise<never> {
    await this.count(ctx.ip);
    throw error;
  }
}
