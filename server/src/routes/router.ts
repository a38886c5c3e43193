// Routes come from the spec: one per operation, each validating its input against the
// operation's schemas before its handler runs. A missing handler stops the server at start.
import Router from '@koa/router';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { createOperationMatcher, listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import type { Middleware } from 'koa';
import type { Access } from '../domain/access.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Handler, HandlerInput, Handlers, OperationId } from '../http/handler.js';
import { API_PREFIX } from '../http/prefix.js';
import { compileRequestValidators } from '../http/request-validation.js';

/** Literal segments before templated ones, so `/purchase_orders/with_booked_appointments` is not an id. */
function routeOrder(a: OperationSpec, b: OperationSpec): number {
  return (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0);
}

export function createApiRouter(handlers: Handlers, operations: OperationSpec[] = listOperations()): Router {
  const validators = compileRequestValidators(operations);
  const router = new Router({ prefix: API_PREFIX });

  for (const operation of [...operations].sort(routeOrder)) {
    const handler = handlers[operation.operationId as OperationId] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`no handler for operation ${operation.operationId}`);
    const validate = validators.get(operation.operationId)!;
    const noContent = '204' in operation.responses;
    const koaPath = operation.path.replace(/\{(\w+)\}/g, ':$1');

    router[operation.method](koaPath, async (ctx) => {
      const access = ctx.state.access as Access;
      if (!operation.onOrganizationInterface && !access.interfaceLocation) {
        throw notFound(`${API_PREFIX}${operation.path} exists only on location interfaces`);
      }
      const input = validate({ query: ctx.query, path: ctx.params, body: ctx.request.body });
      const em = RequestContext.getEntityManager() as EntityManager;
      const run = (manager: EntityManager) =>
        handler({ ...input, access, em: manager, ctx } as unknown as HandlerInput<OperationId>);
      // Every write runs in one transaction: on any error nothing of it remains.
      const result = operation.method === 'get' ? await run(em) : await em.transactional(run);
      ctx.status = noContent ? 204 : 200;
      if (!noContent) ctx.body = result;
    });
  }
  return router;
}

// Why a method is refused, where the API has a better way.
const methodHints: Record<string, string> = {
  'DELETE /appointments/{id}': 'appointments are cancelled, not deleted: send {"appointment": {"state": "cancelled"}}',
};

/** After the router: 405 with `Allow` for a known path, 404 for anything else. */
export function unmatchedRequests(): Middleware {
  const matcher = createOperationMatcher();
  return async (ctx) => {
    const path = ctx.path.slice(API_PREFIX.length);
    const allowed = matcher.allowedMethods(path);
    if (allowed.length === 0) throw notFound(`no endpoint ${ctx.method} ${ctx.path}`);
    const template = matcher.pathTemplate(path);
    const verbs = allowed.map((method) => method.toUpperCase());
    const hint = methodHints[`${ctx.method} ${template}`];
    throw new HttpError(
      405,
      `${ctx.method} is not allowed on ${ctx.path} (allowed: ${verbs.join(', ')})${hint ? `; ${hint}` : ''}`,
      {
        Allow: verbs.join(', '),
      },
    );
  };
}
