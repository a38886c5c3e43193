// How a failure is reported: one line on stderr and an exit status for what scripts can
// expect to happen (API refusals, usage, network). Anything else is a bug in whctl or a broken
// install, which bin/whctl.js reports, with its stack.
import { STATUS_CODES } from 'node:http';
// The suite's error classes alone: the suite itself (mocha, chai, ajv) takes a second to load.
import { ConformanceError } from '@warehouse-kit/conformance/errors';
import {
  ApiError,
  ConnectionError,
  GoneError,
  PaginationError,
  PreconditionFailedError,
  RateLimitError,
  TimeoutError,
  ValidationError,
} from '@warehouse-kit/sdk';
import { schemeMismatch } from './connection/scheme-mismatch.js';
import { CliError, ExitCode, type ExitCodeValue } from './errors.js';

function exitCodeOf(status: number): ExitCodeValue {
  if (status === 401 || status === 402 || status === 403) return ExitCode.auth;
  if (status === 404 || status === 405 || status === 410) return ExitCode.notFound;
  if (status === 400 || status === 422) return ExitCode.invalid;
  if (status === 412) return ExitCode.preconditionFailed;
  if (status === 429) return ExitCode.rateLimited;
  return ExitCode.server;
}

/** What the API said: the field messages of a 422, the `error` sentence of the others. */
function apiText(error: ApiError): string {
  if (error instanceof ValidationError && Object.keys(error.errors).length) {
    return Object.entries(error.errors)
      .map(([field, messages]) => `${field} ${messages.join(', ')}`)
      .join('; ');
  }
  if (error.error) return error.error;
  return typeof error.body === 'string' && error.body ? error.body.replace(/\s+/g, ' ').slice(0, 200) : 'no error text';
}

/** What to do next, for the statuses where whctl knows: when to resume, what to read again. */
function advice(error: ApiError): string {
  if (error instanceof RateLimitError && error.rateLimit.reset)
    return `; requests resume at ${error.rateLimit.reset.toISOString()}`;
  if (error instanceof GoneError) return '; start again without --after';
  if (error instanceof PreconditionFailedError)
    return `; the record changed since it was read${
      error.etag ? ` (its ETag is now ${error.etag})` : ''
    }: read it again and reapply the change`;
  // A proxy's answer (nginx) to http:// at its HTTPS port.
  if (typeof error.body === 'string' && /plain HTTP request was sent to HTTPS port/i.test(error.body))
    return '; the address should start with https://';
  return '';
}

/** `404 Not Found: purchase order 42 not found (GET /api/v1/purchase_orders/42)` */
export function describeApiError(error: ApiError): string {
  return (
    `${error.status} ${STATUS_CODES[error.status] ?? 'Error'}: ${apiText(error)} ` +
    `(${error.method} ${error.path}${error.requestId ? `, request id ${error.requestId}` : ''})${advice(error)}`
  );
}

function exitCodeFor(error: unknown): ExitCodeValue | undefined {
  if (error instanceof ApiError) return exitCodeOf(error.status);
  if (error instanceof CliError) return error.exitCode;
  // Its codes (1 checks failed, 2 usage, 130 interrupted) are whctl's own.
  if (error instanceof ConformanceError) return error.exitCode as ExitCodeValue;
  if (error instanceof PaginationError) return ExitCode.server;
  if (error instanceof ConnectionError || error instanceof TimeoutError) return ExitCode.network;
  return undefined;
}

/**
 * The one line saying what went wrong: a cause's text (OpenSSL's, say) can span lines, and a
 * list of problems (a conformance profile's) is joined with semicolons.
 */
async function describe(error: unknown): Promise<string> {
  if (error instanceof ApiError) return describeApiError(error);
  const message = (error instanceof ConnectionError && (await schemeMismatch(error))) || (error as Error).message;
  return message
    .replace(/:\s*\n\s*- /g, ': ')
    .replace(/\s*\n\s*- /g, '; ')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** Writes an expected failure to `stderr` and returns its exit status; undefined for any other error. */
export async function report(error: unknown, stderr: NodeJS.WritableStream): Promise<ExitCodeValue | undefined> {
  const code = exitCodeFor(error);
  if (code !== undefined) stderr.write(`whctl: ${await describe(error)}\n`);
  return code;
}
