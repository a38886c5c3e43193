// A run marks where the change feed stands before its first write only when it will run a check
// of the events group (runner.ts), which --grep decides. Nothing is sent: the groups' suites are
// only built, and each answer is compared with the count mocha's own runner makes of them.
import type { ProfileFile } from '@warehouse-kit/spec/conformance-profile';
import { expect } from 'chai';
import Mocha from 'mocha';
import { addGroup, type CheckGroup } from '../src/check.js';
import { events } from '../src/checks/events.js';
import { pagination } from '../src/checks/pagination.js';
import { createRunContext } from '../src/context.js';
import { parseProfile } from '../src/profile.js';
import { runsAnyCheck } from '../src/runner.js';

const file: ProfileFile = {
  organization: 'https://acme.example.com',
  locations: [{ name: 'Toronto DC', address: 'https://acme-toronto.example.com', time_zone: 'America/Toronto' }],
  tokens: { admin: { token: 'admin-token' } },
  extensions: { events: true },
};

describe('marking the change feed for the events checks', () => {
  const ctx = createRunContext(parseProfile(file, 'deployment.yaml', {}), { allowAppointments: false, log: () => {} });

  /** Whether a run of `groups` under `grep` marks the feed; checked against mocha's runner. */
  function marks(grep: string | undefined, groups: CheckGroup[] = [pagination, events]): boolean {
    const mocha = new Mocha(grep === undefined ? {} : { grep });
    const suites = new Map(groups.map((group) => [group, addGroup(mocha.suite, group, ctx)]));
    const answer = runsAnyCheck(mocha, suites.get(events));
    const runner = new Mocha.Runner(mocha.suite);
    if (mocha.options.grep instanceof RegExp) runner.grep(mocha.options.grep, false);
    const suite = suites.get(events);
    expect(answer, `mocha's count for --grep ${grep}`).to.equal(suite !== undefined && runner.grepTotal(suite) > 0);
    return answer;
  }

  it('marks it without --grep, and when --grep selects only an events check, as text or /pattern/flags', () => {
    expect(marks(undefined)).to.equal(true);
    expect(marks('event_cursor_resumes')).to.equal(true);
    expect(marks('/^Extensions beyond the reference: the change feed/')).to.equal(true);
    expect(marks('/EVENT_CURSOR_RESUMES/i')).to.equal(true);
  });

  it('does not when --grep leaves out every events check, or the events group is not run', () => {
    expect(marks('pagination_headers_consistent')).to.equal(false);
    expect(marks('/^(?!Extensions beyond the reference: the change feed)/')).to.equal(false);
    expect(marks('/EVENT_CURSOR_RESUMES/')).to.equal(false);
    expect(marks(undefined, [pagination])).to.equal(false);
  });
});
