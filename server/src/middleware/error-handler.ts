// Renders every error as the spec's JSON error body, in one place, with the request's id. Domain
// errors are answered as the error map says. Only our own messages are exposed: those of client
// errors, and of a 501 refusing what the client asked (DECISIONS 432); a server error is answered
// generically and its details (message, cause, stack, SQL) go to the request's log line alone
// (DECISIONS 83). A database that cannot serve for now is 503 with Retry-After, whatever the route
// (DECISIONS 370). Field names and messages may echo input, so what PostgreSQL cannot store is
// written escaped: an error body can always be stored for its Idempotency-Key (DECISIONS 152).
import type { Middleware, ParameterizedContext } from 'koa';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import type { FieldErrors } from '../domain/errors.js';
import { escapeUnstorable } from '../domain/text.js';
import { httpErrorFor } from '../http/error-map.js';
import { HttpError, ValidationFailed } from '../http/errors.js';

interface ExposedError {
  status?: number;
  expose?: boolean;
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

/** How long a client is asked to wait before sending again what the database could not serve. */
const RETRY_AFTER_SECONDS = 2;

/** 503 with Retry-After: the same request succeeds once the database is back; the cause goes to the request log. */
function answerUnavailable(ctx: ParameterizedContext, error: unknown): void {
  const requestId = ctx.state.requestId as string;
  ctx.state.error = error;
  ctx.status = 503;
  ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
  ctx.body = {
    error: `the service is unavailable for a moment; send the request again in ${RETRY_AFTER_SECONDS} seconds`,
    request_id: requestId,
  };
}

const storableErrors = (errors: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [escapeUnstorable(field), messages.map(escapeUnstorable)]),
  );

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = httpErrorFor(thrown) ?? thrown;
      if (error instanceof ValidationFailed) {
        ctx.status = 422;
        ctx.body = { errors: storableErrors(error.errors), request_id: ctx.state.requestId };
        return;
      }
      if (error instanceof HttpError) {
        ctx.set(error.headers);
        ctx.status = error.status;
        ctx.body = { error: escapeUnstorable(error.message), request_id: ctx.state.requestId };
        return;
      }
      // A client error of Koa or a library: its status stands, its text (a library's
      // wording, perhaps naming internals) is never shown.
      const { status, expose } = error as ExposedError;
      if (status && status >= 400 && status < 500 && expose !== false) {
        ctx.status = status;
        ctx.body = { error: `the request cannot be served (HTTP ${status})`, request_id: ctx.state.requestId };
        return;
      }
      if (isDatabaseUnavailable(error)) return answerUnavailable(ctx, error);
      answerServerError(ctx, error);
    }
  };
}
