// The one table from domain errors to HTTP: the status each kind answers with. Messages pass
// through as they are; a broken rule answers 422 with its field errors.
import { AccessDenied, BadInput, Conflict, DomainError, Expired, Invalid, NotFound } from '../domain/errors.js';
import { HttpError, ValidationFailed } from './errors.js';

type Kind = abstract new (...args: never[]) => DomainError;

const answers: [Kind, (error: DomainError) => HttpError][] = [
  [BadInput, (error) => new HttpError(400, error.message)],
  [AccessDenied, (error) => new HttpError(403, error.message)],
  [NotFound, (error) => new HttpError(404, error.message)],
  [Conflict, (error) => new HttpError(409, error.message)],
  [Expired, (error) => new HttpError(410, error.message)],
  [Invalid, (error) => new ValidationFailed((error as Invalid).errors)],
];

/** The HttpError that answers a domain error; undefined for anything else, which is a server error. */
export function httpErrorFor(error: unknown): HttpError | undefined {
  if (!(error instanceof DomainError)) return undefined;
  return answers.find(([kind]) => error instanceof kind)?.[1](error);
}
