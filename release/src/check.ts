// `npm run contract:check`: the working contract against the last one released, failing when
// the spec package's version does not fit its changes (DECISIONS 350). In `npm test`.

import { compareVersions, parseVersion } from '@warehouse-kit/spec';
import { packageVersion, readYaml, releasedFolder, releasedVersions, workingPath } from './files.js';
import { checkRelease } from './policy.js';

const version = packageVersion();
// The newest release before this version; this version's own once it is released.
const candidates = releasedVersions().filter(
  (released) => compareVersions(parseVersion(released)!, parseVersion(version) ?? [0, 0, 0]) <= 0,
);
const last = candidates.at(-1);
if (!last) {
  console.error(`contract:check: no released contract at or before ${version} in ${releasedFolder}`);
  process.exit(1);
}
const { changes, bump, problems } = checkRelease({
  version,
  working: readYaml(workingPath),
  released: { version: last, document: readYaml(`${releasedFolder}/${last}.yaml`) },
});
const breaking = changes.filter((change) => change.kind === 'breaking').length;
console.log(
  `contract ${version} against released ${last}: ${changes.length} change(s), ${breaking} breaking; ` +
    `${bump === 'none' ? 'no version bump needed' : `needs a ${bump} version`}`,
);
for (const problem of problems) console.error(`contract:check: ${problem}`);
process.exitCode = problems.length ? 1 : 0;
