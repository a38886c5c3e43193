// What a version of the contract must be, given the last one released (DECISIONS 350): a change
// that breaks clients needs a new major version, any other change a new minor one, and
// `info.version` is the spec package's version.
import { type ContractChange, diffContracts, requiredBump } from '@warehouse-kit/contract-diff';
import { compareVersions, parseVersion } from '@warehouse-kit/spec';

export interface ReleaseState {
  /** The spec package's version. */
  version: string;
  /** The working contract, whose `info.version` must be `version`. */
  working: { info?: { version?: unknown } } & Record<string, unknown>;
  /** The last contract released, kept as spec/released/<version>.yaml. */
  released: { version: string; document: unknown };
}

export interface ReleaseCheck {
  changes: ContractChange[];
  bump: ReturnType<typeof requiredBump>;
  /** What is wrong, one sentence each; empty when the version fits the changes. */
  problems: string[];
}

export function checkRelease({ version, working, released }: ReleaseState): ReleaseCheck {
  const problems: string[] = [];
  if (working.info?.version !== version)
    problems.push(
      `info.version is ${JSON.stringify(working.info?.version)} but the spec package is at ${version}: they must be the same`,
    );
  const changes = diffContracts(released.document, working);
  const bump = requiredBump(changes);
  const now = parseVersion(version);
  const then = parseVersion(released.version);
  if (!now || !then) {
    problems.push(`versions must be MAJOR.MINOR.PATCH, got ${version} and released ${released.version}`);
    return { changes, bump, problems };
  }
  const breaking = changes.filter((change) => change.kind === 'breaking');
  const first = breaking
    .slice(0, 3)
    .map((change) => `${change.rule} at ${change.operation ?? change.pointer}`)
    .join('; ');
  if (compareVersions(now, then) < 0) problems.push(`${version} is older than the released ${released.version}`);
  else if (bump === 'major' && now[0] <= then[0])
    problems.push(
      `${breaking.length} change(s) since ${released.version} break clients (${first}${breaking.length > 3 ? '; ...' : ''}): ` +
        `they need version ${then[0] + 1}.0.0, or undo them; the spec package is at ${version}`,
    );
  else if (bump === 'minor' && now[0] === then[0] && now[1] <= then[1])
    problems.push(
      `${changes.length} compatible change(s) since ${released.version} need a minor version, ${then[0]}.${then[1] + 1}.0; ` +
        `the spec package is at ${version}`,
    );
  return { changes, bump, problems };
}
