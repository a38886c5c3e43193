// What a check needs before it can look at anything: a record the run shares between checks,
// or the token's rate-limit budget. When one cannot be had, the first check that needs it
// fails with the cause, and every later check that needs it is reported as blocked by that
// check instead of failing with the same cause again: the report names the root cause once.
import { ConformanceFailure } from './problems.js';

export class UnmetPrerequisite extends Error {
  override name = 'UnmetPrerequisite';
  /** The title of the check that reported the cause, once one has. */
  reportedBy: string | undefined;

  constructor(
    /** What could not be had: `product at Toronto DC`, `the rate-limit budget of ...`. */
    readonly what: string,
    /** Why: a ConformanceFailure naming the answer, or any error of the request. */
    override readonly cause: Error,
  ) {
    super(`${what} could not be had: ${firstLine(cause)}`);
  }
}

/** The first problem of a failure, or the first line of any other error. */
function firstLine(error: Error): string {
  if (error instanceof ConformanceFailure && error.problems[0]) {
    const { where, received } = error.problems[0];
    return `${where}: Received ${received}`;
  }
  return error.message.split('\n')[0] ?? error.name;
}

/**
 * The error a shared preparation failed with, as a prerequisite of `what`. A prerequisite of a
 * prerequisite stays the root cause, and a skip stays a skip.
 */
export function asPrerequisite(what: string, error: unknown): unknown {
  // A skip is mocha's Pending, which is not an Error.
  if (error instanceof UnmetPrerequisite || !(error instanceof Error)) return error;
  return new UnmetPrerequisite(what, error);
}

/** The failure the first check that needs the prerequisite reports: its cause, saying who else it blocks. */
export function causeReportedBy(unmet: UnmetPrerequisite, check: string): Error {
  unmet.reportedBy = check;
  const note = `blocks: the other checks that need ${unmet.what} are reported as blocked by this one`;
  const { cause } = unmet;
  if (cause instanceof ConformanceFailure) return new ConformanceFailure(cause.exchange, cause.problems, [note]);
  return new Error(`${unmet.message}\n  ${note}`);
}

/** Why a later check is blocked: the prerequisite, its cause in a line, and the check that reported it. */
export function blockedReason(unmet: UnmetPrerequisite): string {
  return `${unmet.message} (reported by ${unmet.reportedBy})`;
}
