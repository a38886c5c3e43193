// If-None-Match on item reads (DECISIONS 121, an extension beyond the reference): when the
// client's copy is current, 304 without a body instead of the record again. Koa's `fresh`
// compares If-None-Match with the ETag the read set (weakly, as RFC 9110 says for GET).
import type { Middleware } from 'koa';

export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'GET' && ctx.status === 200 && ctx.response.get('ETag') && ctx.fresh) ctx.status = 304;
  };
}
