// Failed authentications per client address (DECISIONS 65, as amended by 148): past the limit,
// a request that fails to authenticate (to the API or to /metrics) is answered 429 instead of
// 401, so guessing tokens is throttled. A request with a valid token never counts and is never
// refused, whoever else fails from the same address. The counts live in this process, in a
// table of at most MAX_ADDRESSES fixed one-minute windows, so failures cost no database write
// and no flood of addresses can grow the table; past the bound, new addresses share a window.
import type { Context } from 'koa';
import { HttpError } from '../http/errors.js';
import { rateLimitHeaders } from './rate-limit.js';

/** Addresses tracked at once: far more than fail within a minute in normal use. */
export const MAX_ADDRESSES = 10_000;

const WINDOW_MS = 60_000;

interface Window {
  failures: number;
  endsAt: number;
}

export class AuthenticationFailures {
  /** In the order the windows started, so the ones that ended first come first. */
  private readonly windows = new Map<string, Window>();
  /** The window addresses share while the table is full of running windows. */
  private overflow: Window = { failures: 0, endsAt: 0 };

  constructor(
    private readonly perMinute: number,
    private readonly maxAddresses = MAX_ADDRESSES,
  ) {}

  /** Counts a failure from `address`: throws 429 past the limit. */
  count(address: string, now = Date.now()): void {
    const window = this.windowOf(address, now);
    window.failures++;
    if (window.failures <= this.perMinute) return;
    const headers = rateLimitHeaders(this.perMinute, { remainingPoints: 0, msBeforeNext: window.endsAt - now }, true);
    throw new HttpError(
      429,
      `too many failed authentications from this address (${this.perMinute} per minute); ` +
        `requests with a valid token still pass, others resume at ${headers['X-RateLimit-Reset']}`,
      headers,
    );
  }

  /** Counts a failure from the request's address and refuses it: with `error` (a 401), or 429 past the limit. */
  refuse(ctx: Context, error: HttpError): never {
    this.count(ctx.ip);
    throw error;
  }

  /** Forgets every count: each test starts with a full budget. */
  reset(): void {
    this.windows.clear();
    this.overflow = { failures: 0, endsAt: 0 };
  }

  private windowOf(address: string, now: number): Window {
    const current = this.windows.get(address);
    if (current && current.endsAt > now) return current;
    this.windows.delete(address);
    if (this.windows.size >= this.maxAddresses) this.forgetEnded(now);
    if (this.windows.size >= this.maxAddresses) {
      if (this.overflow.endsAt <= now) this.overflow = { failures: 0, endsAt: now + WINDOW_MS };
      return this.overflow;
    }
    const window = { failures: 0, endsAt: now + WINDOW_MS };
    this.windows.set(address, window);
    return window;
  }

  /** Drops ended windows, oldest first, stopping at the first still running: every later one started later. */
  private forgetEnded(now: number): void {
    for (const [address, window] of this.windows) {
      if (window.endsAt > now) return;
      this.windows.delete(address);
    }
  }
}
