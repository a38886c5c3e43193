// Assembles the reference server. Order matters: errors are rendered outermost; the host
// decides the tenant before anything else; rate limits count before authentication, so
// token guessing is throttled too; bodies are parsed only for authenticated requests.
import { RequestContext } from '@mikro-orm/postgresql';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import type { ServerConfig } from './config.js';
import type { Orm } from './db/orm.js';
import { notFound } from './http/errors.js';
import { API_PREFIX } from './http/prefix.js';
import { authenticate } from './middleware/authenticate.js';
import { errorHandler } from './middleware/error-handler.js';
import { rateLimit } from './middleware/rate-limit.js';
import { requestLog } from './middleware/request-log.js';
import { validateResponses } from './middleware/response-validation.js';
import { resolveTenant } from './middleware/tenant.js';
import { handlers } from './routes/handlers.js';
import { createApiRouter, unmatchedRequests } from './routes/router.js';

export interface AppOptions {
  orm: Orm;
  config: Pick<ServerConfig, 'baseHost' | 'trustProxy' | 'validateResponses'>;
  log?: (line: string) => void;
}

export function createApp({ orm, config, log }: AppOptions): Koa {
  const app = new Koa({ proxy: config.trustProxy });
  const em = () => orm.em;
  const router = createApiRouter(handlers);

  if (config.validateResponses) app.use(validateResponses());
  if (log) app.use(requestLog(log));
  app.use(errorHandler());
  app.use((ctx, next) => {
    if (!ctx.path.startsWith(API_PREFIX))
      throw notFound(`no endpoint ${ctx.method} ${ctx.path}; the API lives under ${API_PREFIX}`);
    return RequestContext.create(orm.em, next);
  });
  app.use(resolveTenant(config.baseHost, em));
  app.use(rateLimit(orm.em.getConnection().getKnex()));
  app.use(authenticate(em));
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '5mb', strict: true }));
  app.use(router.routes());
  app.use(unmatchedRequests());

  app.on('error', (error: Error) => log?.(`error: ${error.stack ?? error.message}`));
  return app;
}
