// The contract version on every answer (DECISIONS 351), from contract 1.1.0 on: a semver whose
// major part is the one this suite checks, since a client built against it expects no other.
import { CONTRACT_VERSION, CONTRACT_VERSION_HEADER, majorOf } from '@warehouse-kit/spec';
import type { GroupBuilder } from '../check.js';
import { locationList } from '../fixtures/locations.js';
import { headerOf } from '../http.js';
import { expectStatus, Problems } from '../problems.js';

export function defineContractVersion(group: GroupBuilder): void {
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
      const named = list.headers.get(CONTRACT_VERSION_HEADER) ?? '';
      const problems = new Problems(list);
      problems.expect(
        majorOf(named) === majorOf(CONTRACT_VERSION),
        CONTRACT_VERSION_HEADER,
        headerOf(list, CONTRACT_VERSION_HEADER),
        `a semver version of major ${majorOf(CONTRACT_VERSION)}, as contract ${CONTRACT_VERSION} of this suite`,
      );
      problems.throwIfAny();
    },
  );
}
