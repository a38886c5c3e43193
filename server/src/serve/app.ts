// Assembles the reference server. Order matters: a JSON answer is encoded last, once every other
// middleware has seen it as a value (json-bodies.ts). Every request first gets its client address
// (behind trusted proxies only, DECISIONS 149), its id, its standard headers and the name of its
// operation, then is logged and counted once it is answered; responses are validated (in tests)
// outside the error renderer, so error bodies are checked too. Then what HTTP asks of every
// request is checked: the header fields that must come once, its expectations and transfer
// codings, and its host, which is normalized where Koa reads it (DECISIONS 429–431). The
// operational endpoints answer on every host, before the tenant is known (the metrics address,
// when set, answers /metrics and nothing else); then the host decides the tenant; authentication
// counts the request against its token's rate limits in the statement that checks the token, so a
// request without a valid token writes nothing (DECISIONS 147); the method is checked against the
// spec before any route, and bodies are read only by the routes, for authenticated requests. Two
// extensions sit just before the routes (DECISIONS 110–129): If-None-Match answers 304 after a
// read, and an Idempotency-Key (which belongs to the authenticated API user) is claimed before a
// POST runs.
import { RequestContext } from '@mikro-orm/postgresql';
import Koa from 'koa';
import type { ServerConfig } from '../config.js';
import { IdempotencyKeys } from '../db/idempotency-keys.js';
import { type Orm, poolUsage } from '../db/orm.js';
import { RateLimitCounters } from '../db/rate-limit-counters.js';
import { notFound } from '../http/errors.js';
import { API_PREFIX } from '../http/prefix.js';
import type { Logger } from '../logging/logger.js';
import { allowedMethods } from '../middleware/allowed-methods.js';
import { authenticate } from '../middleware/authenticate.js';
import { AuthenticationFailures } from '../middleware/authentication-failures.js';
import { clientAddress, trustOf } from '../middleware/client-address.js';
import { conditionalGet } from '../middleware/conditional-get.js';
import { Directory } from '../middleware/directory.js';
import { errorHandler } from '../middleware/error-handler.js';
import { idempotency } from '../middleware/idempotency.js';
import { jsonBodies } from '../middleware/json-bodies.js';
import { identifyOperation, operationOf } from '../middleware/operation.js';
import { rateLimitsOf } from '../middleware/rate-limit.js';
import { requestHeaders } from '../middleware/request-headers.js';
import { requestHost } from '../middleware/request-host.js';
import { requestId } from '../middleware/request-id.js';
import { requestLog } from '../middleware/request-log.js';
import { responseHeaders } from '../middleware/response-headers.js';
import { validateResponses } from '../middleware/response-validation.js';
import { resolveTenant } from '../middleware/tenant.js';
import { operationalEndpoint, operationalEndpoints } from '../ops/endpoints.js';
import { createMetrics } from '../ops/metrics.js';
import { onlyMetricsOnTheirListener } from '../ops/metrics-endpoint.js';
import { requestMetrics } from '../ops/request-metrics.js';
import { handlers } from '../routes/handlers.js';
import { createApiRouter } from '../routes/router.js';
import { webhookSettings } from '../webhooks/settings.js';

export interface AppOptions {
  orm: Orm;
  config: Pick<
    ServerConfig,
    | 'baseHost'
    | 'defaultSubdomain'
    | 'trustProxy'
    | 'validateResponses'
    | 'bodyLimit'
    | 'bulkUploadBodyLimit'
    | 'authFailuresPerMinute'
    | 'rateLimitWindowS'
    | 'metricsToken'
    | 'metricsAddress'
    | 'idempotencyTtlHours'
    | 'webhookAllowPrivate'
    | 'webhookSecretKey'
    | 'webhookPreviousSecretKey'
  >;
  logger: Logger;
}

export function createApp({ orm, config, logger }: AppOptions): Koa {
  const trust = trustOf(config.trustProxy);
  const app = new Koa({ proxy: trust !== undefined });
  const directory = new Directory(orm);
  const bodyLimit = (operationId: string) =>
    operationId === 'createBulkUpload' ? config.bulkUploadBodyLimit : config.bodyLimit;
  const router = createApiRouter(handlers, { bodyLimit, webhooks: webhookSettings(config) });
  const metrics = createMetrics(() => poolUsage(orm));
  const counters = new RateLimitCounters(orm.em);
  const failures = new AuthenticationFailures(counters, config.authFailuresPerMinute);

  app.use(jsonBodies());
  if (trust) app.use(clientAddress(trust));
  app.use(requestId());
  app.use(responseHeaders());
  app.use(identifyOperation(operationalEndpoint));
  app.use(requestLog(logger));
  app.use(requestMetrics(metrics));
  if (config.validateResponses) app.use(validateResponses());
  app.use(errorHandler());
  app.use(requestHeaders());
  app.use(requestHost());
  app.use(onlyMetricsOnTheirListener());
  const operational = operationalEndpoints({
    orm,
    metrics: {
      metrics,
      failures,
      token: config.metricsToken,
      ownAddress: config.metricsAddress !== undefined,
    },
  });
  // Their router runs only for the paths identifyOperation named as theirs (DECISIONS 269).
  app.use((ctx: Parameters<typeof operational>[0], next) =>
    operationOf(ctx).operational ? operational(ctx, next) : next(),
  );
  app.use((ctx, next) => {
    if (!ctx.path.startsWith(API_PREFIX))
      throw notFound(`no endpoint ${ctx.method} ${ctx.path}; the API lives under ${API_PREFIX}`);
    return RequestContext.create(orm.em, next);
  });
  const hosts = { baseHost: config.baseHost, defaultSubdomain: config.defaultSubdomain };
  app.use(resolveTenant(hosts, directory));
  const limits = rateLimitsOf(config.rateLimitWindowS);
  app.use(authenticate({ hosts, directory, counters, limits, failures }));
  app.use(allowedMethods());
  app.use(conditionalGet());
  app.use(idempotency(new IdempotencyKeys(orm.em, config.idempotencyTtlHours), bodyLimit));
  app.use(router.routes());

  // Errors outside any request's handling (a socket failing mid-response, say).
  app.on('error', (error: Error) => logger.error({ err: error }, 'unhandled error'));
  return app;
}
