// A check is a mocha test named for the property it verifies and titled by operation,
// status and the reference section (or our decision) it rests on:
//   `missing_token_rejected: GET /locations 401 [§5]`
// Groups are mocha suites built here from plain definitions, so the catalogue can be listed
// and filtered without a deployment.
import Mocha from 'mocha';
import type { RunContext } from './context.js';
import { blockedReason, causeReportedBy, UnmetPrerequisite } from './prerequisites.js';
import { missingRole } from './roles.js';
import { olderContract } from './since.js';

/**
 * `reference`: a rule of the API reference. `decision`: one of ours in spec/DECISIONS.md.
 * `extension`: a feature beyond the reference (DECISIONS 110–127), checked only where declared.
 */
export type Basis = 'reference' | 'decision' | 'extension';

export interface CheckMeta {
  /** The property verified, in snake_case: `pagination_headers_consistent`. */
  name: string;
  method: string;
  /** The spec's path template. */
  path: string;
  /** The documented status the check looks at. */
  status: number;
  /** `§8`, `decision 17`, or both: `§4.6, decision 32`. */
  section: string;
  /**
   * The ids of the reference's rules the check verifies (`§8.limits.reset-iso-utc`, see
   * reference/): at least one for a check of the reference; for a decision or an extension, the
   * open points it settles or the rules it builds on, if any.
   */
  verifies: readonly string[];
  /**
   * The contract version that brought what the check verifies; a deployment of an older one
   * (or one that names none, which is older than 1.1.0) skips it, saying so (DECISIONS 351).
   */
  since?: string;
}

export interface CheckInfo extends CheckMeta {
  group: string;
  basis: Basis;
  title: string;
}

export interface CheckRun {
  ctx: RunContext;
  /** Marks the check as not applicable to this profile or run, with the reason. */
  skip(reason: string): never;
}

export interface GroupBuilder {
  check(meta: CheckMeta, run: (check: CheckRun) => Promise<void>): void;
}

export interface CheckGroup {
  /** As given to `--checks`: `status-codes`. */
  name: string;
  title: string;
  basis: Basis;
  /** Milliseconds a check of the group may take, waits for the rate limit included. */
  timeout?: number;
  /** Run only when `--checks` names it (the robustness group, whose requests a run may not want to spend). */
  optIn?: boolean;
  /** Runs before the group's first check. */
  before?(ctx: RunContext): Promise<void>;
  define(group: GroupBuilder): void;
}

/**
 * The mocha test of a check carries its metadata for the reporters, and why it was skipped:
 * not applicable (`skipReason`), or blocked by a prerequisite another check reported (`blocked`).
 */
export type CheckTest = Mocha.Test & {
  check?: CheckInfo;
  skipReason?: string;
  blocked?: { reason: string; by: string };
};

export function checkInfo(group: CheckGroup, meta: CheckMeta): CheckInfo {
  const title = `${meta.name}: ${meta.method} ${meta.path} ${meta.status} [${meta.section}]`;
  return { ...meta, group: group.name, basis: group.basis, title };
}

const DEFAULT_TIMEOUT = 120_000;

/** Adds a group as a suite of `root`, its checks as tests carrying their metadata (the order of `catalogue()`). */
export function addGroup(root: Mocha.Suite, group: CheckGroup, ctx: RunContext): Mocha.Suite {
  const suite = Mocha.Suite.create(root, group.title);
  suite.timeout(group.timeout ?? DEFAULT_TIMEOUT);
  const before = group.before;
  if (before) {
    suite.beforeAll(`prepare ${group.name}`, async function (this: Mocha.Context) {
      // Preparing may clean up, which may wait out a 429; each request has its own timeout.
      this.timeout(0);
      await before(ctx);
    });
  }
  group.define({
    check(meta, run) {
      const info = checkInfo(group, meta);
      const test: CheckTest = new Mocha.Test(info.title, async function (this: Mocha.Context) {
        const skip = (reason: string): never => {
          test.skipReason = reason;
          this.skip();
        };
        const lacking = missingRole(info, ctx.profile);
        if (lacking) skip(lacking);
        const older = olderContract(info, ctx.contractVersion);
        if (older) skip(older);
        try {
          await run({ ctx, skip });
        } catch (error) {
          if (!(error instanceof UnmetPrerequisite)) throw error;
          if (error.reportedBy === undefined) throw causeReportedBy(error, info.title);
          test.blocked = { reason: blockedReason(error), by: error.reportedBy };
          this.skip();
        }
      });
      test.check = info;
      suite.addTest(test);
    },
  });
  return suite;
}
