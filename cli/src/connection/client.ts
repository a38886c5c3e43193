// The SDK client whctl uses for every request, set up for a command line.
import type { Middleware } from '@warehouse-kit/sdk';
import { createClient, USER_AGENT, type WarehouseClient } from '@warehouse-kit/sdk';
import { UsageError } from '../errors.js';
import { version } from '../version.js';
import type { Connection } from './resolve.js';

export interface ConnectOptions {
  /** Told about each wait for a rate limit to reset. */
  onRateLimited: (message: string) => void;
  /** More middleware, e.g. an import's shared throttle. */
  middleware?: Middleware[];
  /** Most rate-limit waits of one request, and the longest in milliseconds. */
  maxRetries?: number;
  maxWait?: number;
  /** Milliseconds a request may take, retries included (--timeout). */
  timeout?: number;
  /** Where --verbose writes each line of the HTTP trace; no trace when undefined. */
  trace?: ((line: string) => void) | undefined;
}

export function connect({ baseUrl, token, extensions }: Connection, options: ConnectOptions): WarehouseClient {
  const { onRateLimited, middleware = [], maxRetries, maxWait, timeout, trace } = options;
  try {
    return createClient({
      baseUrl,
      token,
      // Only a deployment declared to honour Idempotency-Key gets a POST twice, and only a POST
      // whose operation takes the key (DECISIONS 126, 306).
      extensions,
      headers: { 'User-Agent': `whctl/${version} ${USER_AGENT}` },
      middleware,
      ...(timeout !== undefined && { timeout }),
      // whctl's own switch: WH_DEBUG, the SDK's, does not turn on whctl's trace.
      debug: trace ?? false,
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
    // createClient refuses a token with spaces or line breaks; the address was checked where it was found.
    if (error instanceof TypeError) throw new UsageError(error.message);
    throw error;
  }
}
