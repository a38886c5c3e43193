// Headers every response carries: answers are never sniffed as another type, and never
// stored by a shared cache (they are per token and change with every write); each names the
// contract version the server implements (DECISIONS 351). The answers written before the app
// runs (serve/client-error.ts) carry the same.
import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER } from '@warehouse-kit/spec';
import type { Middleware } from 'koa';

export const STANDARD_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  [CONTRACT_VERSION_HEADER]: CONTRACT_VERSION,
};

const entries = Object.entries(STANDARD_HEADERS);

export function responseHeaders(): Middleware {
  return (ctx, next) => {
    for (const [name, value] of entries) ctx.set(name, value);
    return next();
  };
}
