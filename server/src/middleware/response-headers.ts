// Headers every response carries: answers are never sniffed as another type, and never
// stored by a shared cache (they are per token and change with every write).
import type { Middleware } from 'koa';

export function responseHeaders(): Middleware {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    return next();
  };
}
