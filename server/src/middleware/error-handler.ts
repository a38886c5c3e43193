// Renders every error as the spec's JSON error body, in one place, with the request's id.
// Domain errors are answered as the error map says. Messages are exposed for client errors
// only; a server error is answered generically and its details (message, cause, stack, SQL)
// go to the request's log line alone (DECISIONS 83).
import type { Middleware, ParameterizedContext } from 'koa';
import { httpErrorFor } from '../http/error-map.js';
import { HttpError, ValidationFailed } from '../http/errors.js';

interface ExposedError {
  status?: number;
  expose?: boolean;
  message: string;
  headers?: Record<string, string>;
}

/** 500 with a body that names nothing but the request id; the error goes to the request log. */
export function answerServerError(ctx: ParameterizedContext, error: unknown): void {
  const requestId = ctx.state.requestId as string;
  ctx.state.error = error;
  ctx.status = 500;
  ctx.body = {
    error: `internal server error; the details are logged under request id ${requestId}`,
    request_id: requestId,
  };
}

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = httpErrorFor(thrown) ?? thrown;
      if (error instanceof ValidationFailed) {
        ctx.status = 422;
        ctx.body = { errors: error.errors, request_id: ctx.state.requestId };
        return;
      }
      // Our own HttpErrors, and errors of Koa and its body parser (malformed JSON is a 400
      // from co-body, without `expose`), carry a client-error status.
      const candidate = error as ExposedError;
      const status =
        error instanceof HttpError ? error.status : candidate.expose !== false ? candidate.status : undefined;
      if (status && status < 500) {
        ctx.set(candidate.headers ?? {});
        ctx.status = status;
        ctx.body = {
          error:
            status === 400 && !(error instanceof HttpError)
              ? `malformed request: ${candidate.message}`
              : candidate.message,
          request_id: ctx.state.requestId,
        };
        return;
      }
      answerServerError(ctx, error);
    }
  };
}
