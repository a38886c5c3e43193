// Headers every response carries: answers are never sniffed as another type, and never
// stored by a shared cache (they are per token and change with every write); each names the
// contract version the server implements (DECISIONS 351).
import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER } from '@warehouse-kit/spec';
import type { Middleware } from 'koa';

export function responseHeaders(): Middleware {
  return (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Cache-Control', 'no-store');
    ctx.set(CONTRACT_VERSION_HEADER, CONTRACT_VERSION);
    return next();
  };
}
