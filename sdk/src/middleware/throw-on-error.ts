import type { Middleware } from 'openapi-fetch';
import { apiError } from '../errors.js';

/**
 * Rejects every non-2xx answer with its typed error (`NotFoundError`, `ValidationError`, ...)
 * instead of resolving to `{ error }`, for integrators who prefer exceptions.
 */
export function throwOnError(): Middleware {
  return {
    async onResponse({ request, response }) {
      if (response.ok) return;
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's error page, say): the text is the most useful body left.
      }
      throw apiError({ method: request.method, url: request.url, response, body });
    },
  };
}
