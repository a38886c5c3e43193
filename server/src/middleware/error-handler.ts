// Renders every error as the spec's JSON error body, in one place. Domain errors are answered
// as the error map says. Only our own messages are exposed, and only for client errors;
// server errors are emitted for logging and answered generically.
import type { Middleware } from 'koa';
import { httpErrorFor } from '../http/error-map.js';
import { HttpError, ValidationFailed } from '../http/errors.js';

interface ExposedError {
  status?: number;
  expose?: boolean;
}

export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const error = httpErrorFor(thrown) ?? thrown;
      if (error instanceof ValidationFailed) {
        ctx.status = 422;
        ctx.body = { errors: error.errors };
        return;
      }
      if (error instanceof HttpError && error.status < 500) {
        ctx.set(error.headers);
        ctx.status = error.status;
        ctx.body = { error: error.message };
        return;
      }
      // A client error of Koa or a library: its status stands, its text (a library's
      // wording, perhaps naming internals) is never shown.
      const { status, expose } = error as ExposedError;
      if (status && status >= 400 && status < 500 && expose !== false) {
        ctx.status = status;
        ctx.body = { error: `the request cannot be served (HTTP ${status})` };
        return;
      }
      ctx.status = 500;
      ctx.body = { error: 'internal server error' };
      ctx.app.emit('error', error, ctx);
    }
  };
}
