// Names what a request asks for, once, for the request log, the metrics and response
// validation: the spec's operation for an API request, the endpoint's own name for the
// server's operational endpoints (health, metrics, the contract, docs), and `unmatched`
// for anything else, so that metric labels stay few whatever clients send.
import { createOperationMatcher, listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import type { Middleware, ParameterizedContext } from 'koa';
import { API_PREFIX } from '../http/prefix.js';

export interface RequestOperation {
  /** The operationId, an operational endpoint's name, or `unmatched`. */
  id: string;
  /** The spec's operation, for API requests. */
  spec?: OperationSpec;
  /** An operational endpoint: answered on every host, outside the contract. */
  operational?: boolean;
}

/** What a request that no operation answers is logged, counted and checked as. */
const UNMATCHED: RequestOperation = { id: 'unmatched' };

export function identifyOperation(operationalEndpoint: (path: string) => string | undefined): Middleware {
  const matcher = createOperationMatcher();
  const operations = listOperations();
  // By template and method: the path is only compared, never decoded, so any bytes a client sends are safe here.
  const specFor = (method: string, path: string) => {
    const template = matcher.pathTemplate(path);
    return operations.find((operation) => operation.path === template && operation.method === method.toLowerCase());
  };
  return (ctx, next) => {
    const endpoint = operationalEndpoint(ctx.path);
    const api = !endpoint && ctx.path.startsWith(API_PREFIX);
    const spec = api ? specFor(ctx.method, ctx.path.slice(API_PREFIX.length)) : undefined;
    ctx.state.operation = (
      endpoint ? { id: endpoint, operational: true } : spec ? { id: spec.operationId, spec } : UNMATCHED
    ) satisfies RequestOperation;
    return next();
  };
}

/**
 * `error`, for a request refused for how it was sent (its Host, its framing, a header sent
 * twice) rather than for what it asks: it is answered as no operation's, since it applies to
 * every request alike and the spec says so once, in its Errors paragraph, not per operation.
 */
export function refusedAsSent<E extends Error>(ctx: ParameterizedContext, error: E): E {
  ctx.state.operation = UNMATCHED;
  return error;
}

export function operationOf(ctx: ParameterizedContext): RequestOperation {
  return ctx.state.operation as RequestOperation;
}
