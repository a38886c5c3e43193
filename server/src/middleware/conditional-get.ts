// If-None-Match on item reads (DECISIONS 121, an extension beyond the reference): when the
// client's copy is current, 304 without a body instead of the record again. Compared weakly,
// as RFC 9110 says for If-None-Match. Koa's `ctx.fresh` is not used: it treats a request's
// `Cache-Control: no-cache` as a reload, and fetch adds that to every conditional request.
import type { Middleware } from 'koa';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match value names this ETag (or is `*`). */
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export function conditionalGet(): Middleware {
  return async (ctx, next) => {
    await next();
    const header = ctx.get('If-None-Match');
    const etag = ctx.response.get('ETag');
    if (ctx.method === 'GET' && ctx.status === 200 && header && etag && noneMatchHits(header, etag)) ctx.status = 304;
  };
}
