// The contract version on every answer (DECISIONS 351, 450), from contract 1.1.0 on: a semver whose
// major part is the one this suite checks, since a client built against it expects no other.
// The group runs last, so that it reads every answer of the run: the errors and refusals of every
// group, the clean-up's, and the 429s of the rate-limit group and those the clients waited out.
import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER, majorOf } from '@warehouse-kit/spec';
import { namesOurMajor } from '../answers.js';
import type { CheckGroup } from '../check.js';
import { locationList } from '../fixtures/locations.js';
import { describeRequest, headerOf } from '../http.js';
import { expectStatus, Problems } from '../problems.js';

const DOCUMENTED = `a semver version of major ${majorOf(CONTRACT_VERSION)}, as contract ${CONTRACT_VERSION} of this suite`;

/** An id no record has: ids are below 2^31 (the spec's RecordId). */
const NO_RECORD = 2 ** 31;

export const contractVersion: CheckGroup = {
  name: 'contract-version',
  title: 'The contract version on every answer (decision 351)',
  basis: 'decision',
  define(group) {
    group.check(
      {
        name: 'contract_version_named',
        method: 'GET',
        path: '/locations',
        status: 200,
        section: 'decision 351',
        verifies: [],
        since: '1.1.0',
      },
      async ({ ctx }) => {
        const list = await locationList(ctx);
        expectStatus(list, 200, 'listing the locations (§4.2)');
        const named = list.headers.get(CONTRACT_VERSION_HEADER);
        new Problems(list)
          .expect(namesOurMajor(named), CONTRACT_VERSION_HEADER, headerOf(list, CONTRACT_VERSION_HEADER), DOCUMENTED)
          .throwIfAny();
      },
    );

    group.check(
      {
        name: 'contract_version_on_every_answer',
        method: 'GET',
        path: '/locations',
        status: 401,
        section: 'decision 351',
        verifies: [],
        since: '1.1.0',
      },
      async ({ ctx }) => {
        // Two refusals of its own, so that the check has errors to read when it runs alone; taken
        // as they come (a 429 too, after the rate-limit group), without waiting for a reset.
        const asIs = { retry: false } as const;
        const { organization } = ctx.profile;
        const stranger = ctx.endpoint('no Authorization header, not waiting', 'unused', organization, {
          ...asIs,
          stripAuthorization: true,
        });
        await ctx.send(stranger, 'GET', '/locations');
        const admin = ctx.endpoint('admin, not waiting', ctx.home.token, organization, asIs);
        await ctx.send(admin, 'GET', '/companies/{id}', { path: { id: NO_RECORD } });

        const { answers } = ctx;
        const [first] = answers.unversioned;
        if (!first) return;
        const problems = new Problems(first);
        for (const [status, count] of [...answers.unversionedStatuses].sort(([a], [b]) => a - b)) {
          const example = answers.unversioned.find((answer) => answer.status === status);
          problems.add(
            `${CONTRACT_VERSION_HEADER} of ${status} answers`,
            `${example?.named === null || !example ? 'no header' : JSON.stringify(example.named)} on ${count} of ` +
              `${answers.statuses.get(status)}${example ? `, such as ${describeRequest(example)}` : ''}`,
            `${DOCUMENTED}, on every answer: errors, refusals and 429s too (decision 351)`,
          );
        }
        problems.throwIfAny();
      },
    );
  },
};
