// GET /metrics in Prometheus' text format (DECISIONS 89, as amended by 150 and 337). It reports
// traffic across every tenant, so it is not open to whoever can reach the API: with
// WH_METRICS_ADDRESS it is served on that address alone (a listener of its own that answers
// nothing else), and otherwise on the API's address to clients on loopback, or to anyone when
// WH_METRICS_TOKEN is set. The client is judged by its address as the server sees it after
// WH_TRUST_PROXY, so a proxy on the same host does not open the metrics to those it forwards.
// With the token it needs `Authorization: Bearer <token>`, compared by digest in constant time
// like API tokens; a wrong one counts against the failed-authentication limit of its address.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import proxyaddr from 'proxy-addr';
import { HttpError, notFound } from '../http/errors.js';
import type { AuthenticationFailures } from '../middleware/authentication-failures.js';
import type { Metrics } from './metrics.js';

export const METRICS_PATH = '/metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

const loopback = proxyaddr.compile('loopback');

/** Requests that arrived through the metrics listener. */
const throughMetricsListener = new WeakSet<IncomingMessage>();

/** The app's request listener for WH_METRICS_ADDRESS: the requests it hands on are known to have come that way. */
export function metricsListener(app: Koa): RequestListener {
  const handle = app.callback();
  return (req, res) => {
    throughMetricsListener.add(req);
    return handle(req, res);
  };
}

/** On the metrics listener, everything but /metrics is 404. */
export function onlyMetricsOnTheirListener(): Middleware {
  return (ctx, next) => {
    if (throughMetricsListener.has(ctx.req) && ctx.path !== METRICS_PATH)
      throw notFound(`only ${METRICS_PATH} is served on this address`);
    return next();
  };
}

export interface MetricsEndpointOptions {
  metrics: Metrics;
  failures: AuthenticationFailures;
  /** WH_METRICS_TOKEN. */
  token?: string;
  /** Whether WH_METRICS_ADDRESS is set. */
  ownAddress: boolean;
}

export function metricsEndpoint({ metrics, failures, token, ownAddress }: MetricsEndpointOptions): Middleware {
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  const closedTo = (ctx: Context): string | undefined => {
    if (throughMetricsListener.has(ctx.req)) return undefined;
    if (ownAddress) return `${METRICS_PATH} is served on WH_METRICS_ADDRESS only`;
    if (token || loopback(ctx.request.ip, 0)) return undefined;
    return (
      `${METRICS_PATH} is served to clients on loopback only; ` +
      'set WH_METRICS_TOKEN, or WH_METRICS_ADDRESS to serve it on an address of its own'
    );
  };
  return async (ctx) => {
    const closed = closedTo(ctx);
    if (closed) throw notFound(closed);
    if (expected && !timingSafeEqual(digest(ctx.get('Authorization')), expected)) {
      return failures.refuse(
        ctx,
        new HttpError(401, 'send "Authorization: Bearer <WH_METRICS_TOKEN>"', {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        }),
      );
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
