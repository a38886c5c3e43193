// Every request gets an id: the client's `X-Request-Id` when it is well-formed, else a new
// UUID. It is returned on every response, put in every error body and every log line, so a
// client quoting it leads support to the exact log lines (DECISIONS 82).
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Up to 128 characters that cannot break a log line, a header or a URL. */
const wellFormed = /^[A-Za-z0-9._:-]{1,128}$/;

// Like every middleware with nothing to do after the request, it hands on next()'s promise
// rather than awaiting it: one promise less per request (DECISIONS 269).
export function requestId(): Middleware {
  return (ctx, next) => {
    const offered = ctx.get(REQUEST_ID_HEADER);
    const id = wellFormed.test(offered) ? offered : randomUUID();
    ctx.state.requestId = id;
    ctx.set(REQUEST_ID_HEADER, id);
    return next();
  };
}
