// Headers every response carries: answers are never sniffed as another type, and never
// stored by a shared cache (they are per token and change with every write).
import type { Middleware } from 'koa';

export function responseHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set({ 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
    await next();
  };
}
