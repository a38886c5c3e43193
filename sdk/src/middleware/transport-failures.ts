import type { Middleware } from 'openapi-fetch';
import { transportFailure } from '../transport-errors.js';

/**
 * Turns a request that got no answer into a ConnectionError or TimeoutError, which keep the
 * method, the URL and fetch's own error as `cause`. The client registers it last, so that its
 * `onError` runs first and every other middleware (the retries among them) sees the typed error.
 */
export const transportFailures: Middleware = {
  onError({ request, error }) {
    const failure = transportFailure(error, request);
    return failure instanceof Error ? failure : undefined;
  },
};
