// Checks of features newer than the deployment's contract are skipped with a reason (DECISIONS 351).
import { expect } from 'chai';
import { catalogue } from '../src/catalogue.js';
import { olderContract } from '../src/since.js';

describe('checks of a later contract version', () => {
  it('apply to a deployment of that version or a later one', () => {
    for (const deployment of ['1.1.0', '1.1.3', '1.2.0', '2.0.0'])
      expect(olderContract({ since: '1.1.0' }, deployment), deployment).to.equal(undefined);
    expect(olderContract({}, undefined)).to.equal(undefined);
  });

  it('are skipped on an older deployment, or one that names no version, saying why', () => {
    expect(olderContract({ since: '1.1.0' }, '1.0.9')).to.equal(
      'needs contract 1.1.0 or later; the deployment implements 1.0.9',
    );
    expect(olderContract({ since: '1.1.0' }, undefined)).to.equal(
      'needs contract 1.1.0 or later; the deployment implements a version before 1.1.0 (it sends no Contract-Version)',
    );
    expect(olderContract({ since: '1.1.0' }, 'latest')).to.equal(
      'needs contract 1.1.0 or later; the deployment implements latest',
    );
  });

  it('name a version in semver, and the contract_version check is one of them', () => {
    const dated = catalogue().filter((check) => check.since !== undefined);
    expect(dated.map((check) => check.name)).to.include('contract_version_named');
    for (const check of dated) expect(check.since, check.name).to.match(/^\d+\.\d+\.\d+$/);
  });
});
