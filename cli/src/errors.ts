// The failures whctl itself detects, and the exit status of every kind of failure. Commands
// throw; only the entry point (main.ts) turns an error into a message and an exit status.
// This module imports nothing, so the entry can use it without loading the SDK.

/**
 * whctl's exit statuses; the README documents them for scripts. The one left out, 70 (a bug or a
 * broken install), is bin/whctl.js's, since it must be reported even when this package cannot load.
 */
export const ExitCode = {
  success: 0,
  /** `whctl conformance run`: a selected check (or the clean-up) failed. */
  checksFailed: 1,
  /** `whctl contract diff`: a change breaks clients of the base contract. */
  breakingChange: 1,
  /** Unknown command or option, bad argument, unreadable input, nothing configured. */
  usage: 2,
  /** 401, 402 or 403: the token is missing, unknown, unpaid or lacks the role. */
  auth: 3,
  /** 404, 405 or 410: no such record, location or route, or an expired feed cursor; also an unknown profile or PO number. */
  notFound: 4,
  /** 400 or 422: the API refused the request or the record. */
  invalid: 5,
  /** 429 after waiting out what the retry rules allow. */
  rateLimited: 6,
  /** 5xx, or an answer the API contract does not allow. */
  server: 7,
  /** The API could not be reached: DNS, refused connection, reset, timeout. */
  network: 8,
  /** An import finished, but some rows did not go through. */
  incomplete: 9,
  /** 412: the record changed since it was read (--if-match, --if-unmodified); nothing was written. */
  preconditionFailed: 10,
  /** `whctl conformance run` or an import stopped by SIGINT or SIGTERM. */
  interrupted: 130,
} as const;

export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/** An expected failure: the entry prints its message on one line and exits with `exitCode`. */
export class CliError extends Error {
  override name = 'CliError';
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
  }
}

/** The command line or its input cannot be used as given. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, ExitCode.usage);
  }
}

/** Something named on the command line (a profile, a PO number) does not exist; exit status 4 like a 404. */
export class UnknownNameError extends CliError {
  override name = 'UnknownNameError';
  constructor(message: string) {
    super(message, ExitCode.notFound);
  }
}
