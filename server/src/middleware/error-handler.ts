// Renders every error as the spec's JSON error body, in one place. Domain errors are answered
// as the error map says. Messages are exposed for client errors only; server errors are
// emitted for logging and answered generically.
import type { Middleware } from 'koa';
import { httpErrorFor } from '../http/error-map.js';
import { HttpError, ValidationFailed } from '../http/errors.js';

interface ExposedError {
  status?: number;
  expose?: boolean;
  message: string;
  headers?: Record<string, string>;
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
        };
        return;
      }
      ctx.status = 500;
      ctx.body = { error: 'internal server error' };
      ctx.app.emit('error', error, ctx);
    }
  };
}
