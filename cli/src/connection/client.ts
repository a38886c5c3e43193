// The SDK client whctl uses for every request, set up for a command line.
import type { Middleware } from '@warehouse-kit/sdk';
import { createClient, USER_AGENT, type WarehouseClient } from '@warehouse-kit/sdk';
import { NetworkError, UsageError } from '../errors.js';
import { version } from '../version.js';
import type { Connection } from './resolve.js';

/** Turns a request that got no answer into a one-line failure that names the address. */
const networkErrors: Middleware = {
  onError({ request, error }) {
    const cause = (error as { cause?: unknown }).cause;
    const reason = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
    return new NetworkError(`cannot reach ${new URL(request.url).origin}: ${reason}`);
  },
};

export interface ConnectOptions {
  /** Told about each wait for a rate limit to reset. */
  onRateLimited: (message: string) => void;
  /** More middleware, e.g. an import's shared throttle. */
  middleware?: Middleware[];
  /** Most rate-limit waits of one request, and the longest in milliseconds. */
  maxRetries?: number;
  maxWait?: number;
}

export function connect({ baseUrl, token }: Connection, options: ConnectOptions): WarehouseClient {
  const { onRateLimited, middleware = [], maxRetries, maxWait } = options;
  try {
    return createClient({
      baseUrl,
      token,
      headers: { 'User-Agent': `whctl/${version} ${USER_AGENT}` },
      middleware: [networkErrors, ...middleware],
      retry: {
        ...(maxRetries === undefined ? {} : { maxRetries }),
        ...(maxWait === undefined ? {} : { maxWait }),
        // The API checks the rate limit before anything else (spec/DECISIONS.md 13), so a
        // refused POST or PATCH did nothing and sending it again cannot duplicate a record.
        retryNonIdempotent: true,
        onRateLimited: ({ wait, rateLimit }) =>
          onRateLimited(
            `rate limited (${rateLimit.limit ?? '?'} requests); ` +
              `waiting ${Math.ceil(wait / 1000)} s until ${rateLimit.reset?.toISOString() ?? 'the reset'}`,
          ),
      },
    });
  } catch (error) {
    // createClient rejects an address that is not an absolute http(s) URL.
    if (error instanceof TypeError) throw new UsageError(`invalid API address: ${error.message}`);
    throw error;
  }
}
