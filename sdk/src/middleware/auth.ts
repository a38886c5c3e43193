import type { Middleware } from 'openapi-fetch';

/** Sets `Authorization: Token <token>` on every request, as the API requires. */
export function tokenAuth(token: string): Middleware {
  // Checked here so a pasted token with a newline fails with a reason, not with a bare
  // "invalid header value" on the first request.
  if (typeof token !== 'string' || !/^[\x21-\x7e]+$/.test(token)) {
    throw new TypeError('token must be the non-empty API token issued by support, without spaces or line breaks');
  }
  const authorization = `Token ${token}`;
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', authorization);
    },
  };
}
