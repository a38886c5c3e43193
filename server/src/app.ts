// Assembles the reference server. Order matters: errors are rendered outermost; the host
// decides the tenant before anything else; rate limits count before authentication, so
// token guessing is throttled too; the method is checked against the spec before any route,
// and bodies are read only by the routes, for authenticated requests.
import { RequestContext } from '@mikro-orm/postgresql';
import Koa from 'koa';
import type { ServerConfig } from './config.js';
import type { Orm } from './db/orm.js';
import { notFound } from './http/errors.js';
import { API_PREFIX } from './http/prefix.js';
import { allowedMethods } from './middleware/allowed-methods.js';
import { authenticate } from './middleware/authenticate.js';
import { AuthenticationFailures } from './middleware/authentication-failures.js';
import { errorHandler } from './middleware/error-handler.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { validateResponses } from './middleware/response-validation.js';
import { resolveTenant } from './middleware/tenant.js';
import { handlers } from './routes/handlers.js';
import { createApiRouter } from './routes/router.js';

export interface AppOptions {
  orm: Orm;
  config: Pick<
    ServerConfig,
    'baseHost' | 'trustProxy' | 'validateResponses' | 'bodyLimit' | 'bulkUploadBodyLimit' | 'authFailuresPerMinute'
  >;
  log?: (line: string) => void;
}

export function createApp({ orm, config, log }: AppOptions): Koa {
  // Behind a proxy the client address is the X-Forwarded-For entry the nearest proxy added.
  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: 1 });
  const em = () => orm.em;
  const knex = orm.em.getConnection().getKnex();
  const router = createApiRouter(handlers, {
    bodyLimit: (operationId) => (operationId === 'createBulkUpload' ? config.bulkUploadBodyLimit : config.bodyLimit),
  });

  if (config.validateResponses) app.use(validateResponses());
  if (log) app.use(requestLog(log));
  app.use(errorHandler());
  app.use((ctx, next) => {
    if (!ctx.path.startsWith(API_PREFIX))
      throw notFound(`no endpoint ${ctx.method} ${ctx.path}; the API lives under ${API_PREFIX}`);
    return RequestContext.create(orm.em, next);
  });
  app.use(resolveTenant(config.baseHost, em));
  app.use(rateLimit(knex));
  app.use(authenticate(em, new AuthenticationFailures(knex, config.authFailuresPerMinute)));
  app.use(allowedMethods());
  app.use(router.routes());

  app.on('error', (error: Error) => log?.(`error: ${error.stack ?? error.message}`));
  return app;
}
