// Errors the conformance command throws. Only an entry point exits, so that a library never ends its host's process: it prints the
// message of a ConformanceError on one line and exits with its `exitCode`; any other error
// is a bug in the suite and gets its stack.

export class ConformanceError extends Error {
  override name = 'ConformanceError';
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** The profile is missing, unreadable or inconsistent with the deployment: nothing was checked. */
export class ProfileError extends ConformanceError {
  override name = 'ProfileError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file} is not a usable conformance profile:\n  - ${problems.join('\n  - ')}`, 2);
  }
}

/** Options that cannot work together, or a group name that does not exist. */
export class UsageError extends ConformanceError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, 2);
  }
}

/** The run finished and at least one selected check (or the clean-up) failed. */
export class ChecksFailedError extends ConformanceError {
  override name = 'ChecksFailedError';
  constructor(message: string) {
    super(message, 1);
  }
}

/** SIGINT or SIGTERM stopped the run; what it created was cleaned up as far as possible. */
export class InterruptedError extends ConformanceError {
  override name = 'InterruptedError';
  constructor(message: string) {
    super(message, 130);
  }
}
