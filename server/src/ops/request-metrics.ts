// Counts every request and its latency for /metrics, by the operation it was identified as and
// the status it is recorded with (499 for a client that hung up: client-closed.ts).
import type { Middleware } from 'koa';
import { recordedStatus } from '../middleware/client-closed.js';
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
        status: recordedStatus(ctx),
        seconds: (performance.now() - started) / 1000,
        rateLimit: ctx.response.get('X-RateLimit-Limit') || undefined,
      });
    }
  };
}
