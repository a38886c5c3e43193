import { OPTIONAL_ROLES } from '@warehouse-kit/spec/conformance-profile';
import { expect } from 'chai';
import { catalogue } from '../src/catalogue.js';
import { UsageError } from '../src/errors.js';
import { roleKey } from '../src/roles.js';
import { selectGroups } from '../src/selection.js';

describe('conformance catalogue', () => {
  const checks = catalogue();

  it('titles every check by property, operation, status and the section or decision it verifies, once', () => {
    const titles = checks.map((check) => check.title);
    expect(new Set(titles).size).to.equal(titles.length);
    for (const title of titles) {
      // `ANY /*`: a check of every operation at once, the robustness group's fuzzing; `POST {endpoint
      // url}`: a delivery the deployment makes to a webhook endpoint, the spec's `webhooks.event`.
      expect(title).to.match(
        /^[a-z_]+: ((GET|POST|PATCH|PUT|DELETE) \/[\w/{}]+|ANY \/\*|POST \{endpoint url\}) \d{3} \[(§[\d.]+(, (spec|decision \d+))?|decision \d+)\]$/,
      );
    }
  });

  it('names in the roles table only checks that exist, each under one role', () => {
    const keys = new Set(checks.map(roleKey));
    const listed = Object.values(OPTIONAL_ROLES).flatMap((role) => [...role.checks]);
    for (const key of listed) expect(keys.has(key), key).to.equal(true);
    expect(new Set(listed).size).to.equal(listed.length);
  });

  it('cites the reference in reference groups and our spec or decisions in the others', () => {
    for (const check of checks) {
      if (check.basis === 'reference') expect(check.section, check.title).to.match(/^§/).and.not.include('decision');
      else expect(check.section, check.title).to.match(/decision|spec/);
    }
  });

  it('selects only the reference groups with --checks reference, the rate-limit group last of them', () => {
    expect(selectGroups(['reference']).map((group) => group.name)).to.deep.equal([
      'status-codes',
      'records',
      'location-rules',
      'time-zones',
      'pagination',
      'round-trip',
      'order-rules',
      'rate-limits',
    ]);
    expect(selectGroups(undefined, ['rate-limits']).map((group) => group.name)).not.to.include('rate-limits');
    expect(selectGroups(['rate-limits', 'schemas']).map((group) => group.name)).to.deep.equal([
      'schemas',
      'rate-limits',
    ]);
    expect(() => selectGroups(['decisions'], ['decisions'])).to.throw(UsageError, 'no check group is left');
  });

  it('runs the contract version after the rate limits, so that it reads their 429s too', () => {
    expect(selectGroups(['contract-version', 'rate-limits', 'status-codes']).map((group) => group.name)).to.deep.equal([
      'status-codes',
      'rate-limits',
      'contract-version',
    ]);
    expect(selectGroups(undefined).at(-1)?.name).to.equal('contract-version');
  });

  it('runs the robustness group only when --checks names it, before the rate limits', () => {
    expect(selectGroups(undefined).map((group) => group.name)).not.to.include('robustness');
    expect(selectGroups(['reference']).map((group) => group.name)).not.to.include('robustness');
    expect(selectGroups(['rate-limits', 'robustness']).map((group) => group.name)).to.deep.equal([
      'robustness',
      'rate-limits',
    ]);
  });
});
