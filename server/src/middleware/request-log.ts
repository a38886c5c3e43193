// One line per request. Only method, host, path, status and time are logged: never
// headers or query strings, so no token or secret reaches the log.
import type { Middleware } from 'koa';

export function requestLog(log: (line: string) => void): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      log(`${ctx.method} ${ctx.hostname}${ctx.path} ${ctx.status} ${Math.round(performance.now() - started)}ms`);
    }
  };
}
