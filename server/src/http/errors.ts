// Errors that are HTTP's own concern (a missing token, an unknown route, a rate limit, a
// request that cannot be read); the error middleware renders them as the spec's error bodies.
// Domain rules throw domain errors instead, which the error map turns into these.
import type { FieldErrors } from '../domain/errors.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 422: the record is well-formed but breaks a rule; the body lists the problems by field. */
export class ValidationFailed extends HttpError {
  constructor(readonly errors: FieldErrors) {
    super(422, `validation failed: ${Object.keys(errors).join(', ')}`);
    this.name = 'ValidationFailed';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
