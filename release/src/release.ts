// `npm run contract:release`, after `changeset version` has set the spec package's version:
// writes that version into info.version and keeps the contract as spec/released/<version>.yaml,
// once its changes fit the version (DECISIONS 350).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { packageVersion, parseYaml, readYaml, releasedFolder, releasedVersions, workingPath } from './files.js';
import { checkRelease } from './policy.js';

const version = packageVersion();
const target = `${releasedFolder}/${version}.yaml`;
const text = readFileSync(workingPath, 'utf8');
// Only the version line under info changes, so the file keeps its comments and layout.
const synced = text.replace(/^(info:\n(?:(?: {2}.*)?\n)*? {2}version: ).*$/m, `$1${version}`);
if (existsSync(target)) {
  if (readFileSync(target, 'utf8') !== synced) {
    console.error(`contract:release: ${version} is already released with other content; bump the version`);
    process.exit(1);
  }
  console.log(`contract:release: ${version} is already released`);
} else {
  const last = releasedVersions().at(-1);
  const { problems } = last
    ? checkRelease({
        version,
        working: parseYaml(synced),
        released: { version: last, document: readYaml(`${releasedFolder}/${last}.yaml`) },
      })
    : { problems: [] };
  for (const problem of problems) console.error(`contract:release: ${problem}`);
  if (problems.length) process.exit(1);
  writeFileSync(workingPath, synced);
  writeFileSync(target, synced);
  console.log(`contract:release: released ${version} as ${target}`);
}
