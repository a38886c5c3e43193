// The versioning policy (DECISIONS 350): planted changes against the released contract pass
// or fail `npm run contract:check` by the spec package's version.

import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import { expect } from 'chai';
import { packageVersion, readYaml, releasedFolder, releasedVersions, workingPath } from '../src/files.js';
import { checkRelease } from '../src/policy.js';

describe('the contract versioning policy', () => {
  const released = { version: '1.0.0', document: readYaml(`${releasedFolder}/1.0.0.yaml`) };
  /** The released contract with `change` applied, at `version`. */
  const revision = (version: string, change: (document: any) => void = () => undefined) => {
    const document = structuredClone(released.document);
    change(document);
    document.info.version = version;
    return checkRelease({ version, working: document, released });
  };
  const narrower = (document: any) => {
    document.components.schemas.ProductCreate.properties.name.maxLength = 64;
  };
  const wider = (document: any) => {
    document.components.schemas.ProductCreate.properties.name.maxLength = 1000;
  };

  it('fails a breaking change unless the major version is bumped', () => {
    for (const version of ['1.0.1', '1.1.0', '1.9.0']) {
      const { bump, problems } = revision(version, narrower);
      expect(bump).to.equal('major');
      expect(problems, version).to.have.length(1);
      expect(problems[0]).to.match(
        /^\d+ change\(s\) since 1\.0\.0 break clients \(request-bound-tightened at POST \/products.*need version 2\.0\.0/,
      );
    }
    expect(revision('2.0.0', narrower).problems).to.deep.equal([]);
  });

  it('fails a compatible change without a minor bump, and passes it with one or a major', () => {
    expect(revision('1.0.1', wider).problems).to.deep.equal([
      '1 compatible change(s) since 1.0.0 need a minor version, 1.1.0; the spec package is at 1.0.1',
    ]);
    expect(revision('1.1.0', wider).problems).to.deep.equal([]);
    expect(revision('2.0.0', wider).problems).to.deep.equal([]);
  });

  it('lets a release without changes keep its version, and refuses an older one', () => {
    expect(revision('1.0.0')).to.deep.include({ bump: 'none', problems: [] });
    expect(revision('0.9.0').problems).to.deep.equal(['0.9.0 is older than the released 1.0.0']);
  });

  it('holds info.version to the spec package version', () => {
    const document = structuredClone(released.document);
    expect(checkRelease({ version: '1.1.0', working: document, released }).problems).to.deep.equal([
      'info.version is "1.0.0" but the spec package is at 1.1.0: they must be the same',
    ]);
  });

  it('finds the working contract fit for its version, the last released one or a minor bump from it', () => {
    expect(CONTRACT_VERSION).to.equal(packageVersion());
    expect(readYaml(workingPath).info.version).to.equal(CONTRACT_VERSION);
    expect(releasedVersions()[0]).to.equal('1.0.0');
    const last = releasedVersions().at(-1)!;
    const check = checkRelease({
      version: CONTRACT_VERSION,
      working: readYaml(workingPath),
      released: { version: last, document: readYaml(`${releasedFolder}/${last}.yaml`) },
    });
    expect(check.problems).to.deep.equal([]);
    expect(check.changes.filter((change) => change.kind === 'breaking')).to.deep.equal([]);
  });
});
