// One log line per request, through a child logger bound to the request id, so that any other
// line a request writes carries the same id. Headers are never logged, and of the query only
// the parameters the operation documents keep their values (none of them holds a secret);
// others show only their name, since a client may put anything there.
import type { Middleware, ParameterizedContext } from 'koa';
import type { Access } from '../domain/access.js';
import type { Logger } from '../logging/logger.js';
import { recordedStatus } from './client-closed.js';
import { operationOf, type RequestOperation } from './operation.js';
import type { Tenant } from './tenant.js';

/** Operational endpoints polled by machines (probes, scrapers) log below info. */
const quiet = new Set(['healthz', 'readyz', 'metrics']);

/** A 5xx is the server's failure, but for a 501, which refuses what the client asked (DECISIONS 432). */
const failed = (status: number) => status >= 500 && status !== 501;

function loggedPath(ctx: ParameterizedContext, operation: RequestOperation): string {
  if (!ctx.querystring) return ctx.path;
  const documented = new Set(operation.spec?.parameters.filter((p) => p.in === 'query').map((p) => p.name));
  const query = new URLSearchParams(ctx.querystring);
  const kept = [...query].map(([name, value]) => [name, documented.has(name) ? value : '[redacted]']);
  return `${ctx.path}?${new URLSearchParams(kept).toString()}`;
}

export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const log = logger.child({ request_id: ctx.state.requestId });
    ctx.state.log = log;
    try {
      await next();
    } finally {
      const operation = operationOf(ctx);
      const tenant = ctx.state.tenant as Tenant | undefined;
      const access = ctx.state.access as Access | undefined;
      const error = ctx.state.error as unknown;
      const status = recordedStatus(ctx);
      const level = failed(status) ? 'error' : quiet.has(operation.id) ? 'debug' : 'info';
      // The line (its query string above all) is built only when its level is written.
      if (log.isLevelEnabled(level))
        log[level](
          {
            method: ctx.method,
            path: loggedPath(ctx, operation),
            operation: operation.id,
            status,
            duration_ms: Math.round((performance.now() - started) * 10) / 10,
            organization: tenant?.organization.subdomain,
            location: tenant?.interfaceLocation?.subdomain,
            user: access?.user.id,
            ...(error !== undefined && { err: error }),
          },
          'request',
        );
    }
  };
}
