// If-None-Match on item reads (DECISIONS 121, an extension beyond the reference): when the
// client's copy is current, 304 without a body instead of the record again. Compared weakly,
// as RFC 9110 says for If-None-Match. Koa's `ctx.fresh` is not used: it treats a request's
// `Cache-Control: no-cache` as a reload, and fetch adds that to every conditional request.
import type { Middleware, Next, ParameterizedContext } from 'koa';

const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether an If-None-Match value names this ETag (or is `*`). */
function noneMatchHits(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** 304 once the read has answered 200 with an ETag that `header` names. */
async function notModifiedWhenCurrent(ctx: ParameterizedContext, next: Next, header: string): Promise<void> {
  await next();
  const etag = ctx.response.get('ETag');
  if (ctx.status === 200 && etag && noneMatchHits(header, etag)) ctx.status = 304;
}

/** Requests other than a GET with If-None-Match pass straight through, at no cost (DECISIONS 269). */
export function conditionalGet(): Middleware {
  return (ctx, next) => {
    const header = ctx.get('If-None-Match');
    return ctx.method === 'GET' && header ? notModifiedWhenCurrent(ctx, next, header) : next();
  };
}
