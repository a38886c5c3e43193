// GET /metrics in Prometheus' text format. With WH_METRICS_TOKEN set it needs
// `Authorization: Bearer <token>`, compared by digest in constant time like API tokens.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Metrics } from './metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function metricsEndpoint(metrics: Metrics, token: string | undefined): Middleware {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  return async (ctx) => {
    if (expected && !timingSafeEqual(digest(ctx.get('Authorization')), expected)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.body = { error: 'send "Authorization: Bearer <WH_METRICS_TOKEN>"', request_id: ctx.state.requestId };
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
