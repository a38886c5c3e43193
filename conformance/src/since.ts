// Checks of what a later contract version brought are skipped on a deployment of an earlier
// one (DECISIONS 351): it is not wrong not to do what its contract did not yet say.
import { compareVersions, parseVersion } from '@warehouse-kit/spec';

/** The first version that names itself on every answer; a deployment naming none is older. */
const NAMED_SINCE = '1.1.0';

/** Why the check does not apply to a deployment of `deployment`, or undefined when it does. */
export function olderContract(check: { since?: string }, deployment: string | undefined): string | undefined {
  if (check.since === undefined) return undefined;
  const since = parseVersion(check.since);
  const has = deployment === undefined ? undefined : parseVersion(deployment);
  if (since === undefined) throw new TypeError(`since must be a semver version, got ${check.since}`);
  if (has && compareVersions(has, since) >= 0) return undefined;
  const what = deployment === undefined ? `a version before ${NAMED_SINCE} (it sends no Contract-Version)` : deployment;
  return `needs contract ${check.since} or later; the deployment implements ${what}`;
}
