// Counts every request and its latency for /metrics, by the operation it was identified as.
import type { Middleware } from 'koa';
import { operationOf } from '../middleware/operation.js';
import type { Metrics } from './metrics.js';

export function requestMetrics(metrics: Metrics): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      metrics.observe({
        operation: operationOf(ctx).id,
        method: ctx.method,
        status: ctx.status,
        seconds: (performance.now() - started) / 1000,
        rateLimit: ctx.response.get('X-RateLimit-Limit') || undefined,
      });
    }
  };
}
