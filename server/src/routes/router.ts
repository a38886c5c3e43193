// Routes come from the spec: one per operation that has a success response, each reading its
// body within the size limit and validating its input against the operation's schemas before
// its handler runs. A missing handler stops the server at start.
import Router from '@koa/router';
import { type EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import { retryingRaces } from '../db/retry.js';
import type { Access } from '../domain/access.js';
import { EventLog } from '../events/event-log.js';
import { beforeCommit, beginWrite } from '../http/answer-with-commit.js';
import { notFound } from '../http/errors.js';
import type { Handler, HandlerInput, Handlers, OperationId } from '../http/handler.js';
import { readJsonBody } from '../http/json-body.js';
import { API_PREFIX } from '../http/prefix.js';
import { withRecordVersion } from '../http/record-versions.js';
import { compileRequestValidators } from '../http/request-validation.js';
import { transaction } from '../sql/statements.js';
import type { WebhookSettings } from '../webhooks/settings.js';

/** Literal segments before templated ones, so `/purchase_orders/with_booked_appointments` is not an id. */
function routeOrder(a: OperationSpec, b: OperationSpec): number {
  return (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0);
}

const hasSuccess = (operation: OperationSpec) => Object.keys(operation.responses).some((s) => s.startsWith('2'));

export interface RouterOptions {
  /** The largest request body, in bytes after decompression, that an operation reads. */
  bodyLimit(operationId: string): number;
  operations?: OperationSpec[];
  /** What the webhook endpoints' handlers need of the configuration. */
  webhooks: WebhookSettings;
}

export function createApiRouter(
  handlers: Handlers,
  { bodyLimit, operations = listOperations(), webhooks }: RouterOptions,
): Router {
  const validators = compileRequestValidators(operations);
  const router = new Router({ prefix: API_PREFIX });

  for (const operation of [...operations].filter(hasSuccess).sort(routeOrder)) {
    const handler = handlers[operation.operationId as OperationId] as Handler<OperationId> | undefined;
    if (!handler) throw new Error(`no handler for operation ${operation.operationId}`);
    const validate = validators.get(operation.operationId)!;
    const noContent = '204' in operation.responses;
    const koaPath = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const limit = bodyLimit(operation.operationId);

    router[operation.method](koaPath, async (ctx) => {
      const access = ctx.state.access as Access;
      if (!operation.onOrganizationInterface && !access.interfaceLocation) {
        throw notFound(`${API_PREFIX}${operation.path} exists only on location interfaces`);
      }
      const body = operation.requestBodySchema ? await readJsonBody(ctx, limit) : undefined;
      const input = validate({ query: ctx.query, path: ctx.params, headers: ctx.headers, body });
      const em = RequestContext.getEntityManager() as EntityManager;
      const run = withRecordVersion(operation, ctx, async (manager: EntityManager) => {
        // Each attempt of a write records its own events, written with its changes (DECISIONS 171).
        const events = new EventLog();
        const result = await handler({
          ...input,
          access,
          em: manager,
          ctx,
          events,
          webhooks,
        } as unknown as HandlerInput<OperationId>);
        await events.write(manager);
        return result;
      });
      const status = noContent ? 204 : 200;
      const write = async (manager: EntityManager) => {
        await beginWrite(ctx, manager);
        const result = await run(manager);
        await beforeCommit(ctx, manager, { status, body: noContent ? null : result });
        return result;
      };
      // Every write runs in one transaction: on any error nothing of it remains; a race with
      // concurrent writes runs it again.
      const result = operation.method === 'get' ? await run(em) : await retryingRaces(() => transaction(em, write));
      ctx.status = status;
      if (!noContent) ctx.body = result;
    });
  }
  return router;
}
