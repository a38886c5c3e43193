// Whose budget a request spends (§1, §5 rule 6, §8): one budget for the organization and the
// location interfaces, counted per token, and requests resuming once X-RateLimit-Reset passes.
import { setTimeout as sleep } from 'node:timers/promises';
import { MINUTE_RESET_MS, untilReset } from '@warehouse-kit/sdk';
import { epochInstead } from '../../causes.js';
import type { GroupBuilder } from '../../check.js';
import { headerOf, preview } from '../../http.js';
import { fail, Problems } from '../../problems.js';
import { ask, exhaust, interfaces } from './exhaustion.js';

export function defineBudgets(group: GroupBuilder): void {
  group.check(
    {
      name: 'rate_limit_shared_between_interfaces',
      method: 'GET',
      path: '/products',
      status: 429,
      section: '§8',
      verifies: ['§1.shared-rate-limits', '§8.limits.per-minute'],
    },
    async (run) => {
      const result = await exhaust(run);
      const other =
        result.otherInterface ??
        run.skip('the profile lists no paid location whose location interface could share the budget');
      const problems = new Problems(other);
      problems.expect(
        other.status === 429,
        'status',
        `${other.status} ${preview(other.body)}`,
        `429 on the other interface too: one budget for organization and location requests (§8)`,
      );
      if (result.remainingAtStart !== undefined && !result.crossedReset) {
        problems.expect(
          result.allowed <= result.remainingAtStart,
          'requests allowed',
          `${result.allowed} across both interfaces before the first 429`,
          `at most ${result.remainingAtStart}, the one budget left when the spending started (§8)`,
        );
      }
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'rate_limit_counted_per_token',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§5',
      verifies: ['§5.rule-6'],
    },
    async (run) => {
      const otherToken =
        (await exhaust(run)).otherToken ??
        run.skip('the profile names one token only, so no other budget can be looked at');
      if (otherToken.before.status === 429)
        run.skip("the profile's other token had spent its own budget before the spending started");
      const { after } = otherToken;
      new Problems(after)
        .expect(
          after.status !== 429,
          'status',
          `${after.status} ${preview(after.body)}`,
          `an answer: another token's budget is its own, whatever the first token spent (§5 rule 6: counted per identical Authorization header)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'rate_limit_resumes_at_reset',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: '§8',
      verifies: ['§8.limits.reset-resume'],
    },
    async (run) => {
      const { ctx } = run;
      // A client of the run that waited until X-RateLimit-Reset and was answered has seen it already.
      if (ctx.resumed.length) return;
      const { refusal } = await exhaust(run);
      const wait = untilReset(refusal.headers);
      if (wait === undefined)
        fail(
          refusal,
          'header X-RateLimit-Reset',
          headerOf(refusal, 'X-RateLimit-Reset') + epochInstead(refusal.headers.get('X-RateLimit-Reset')),
          'the ISO 8601 UTC time when requests can resume, for a client to wait until (§8)',
        );
      if (wait > MINUTE_RESET_MS)
        run.skip(`X-RateLimit-Reset is ${Math.round(wait / 1000)} s away, longer than a run waits for one answer`);
      await sleep(Math.max(0, wait) + 500);
      const { organization } = interfaces(run);
      const again = await ask(organization, organization);
      new Problems(again)
        .expect(
          again.status !== 429,
          'status',
          `${again.status} ${preview(again.body)}, ${Math.round(wait / 1000)} s after a 429 whose X-RateLimit-Reset was ${headerOf(refusal, 'X-RateLimit-Reset')}`,
          'an answer once X-RateLimit-Reset has passed: the time when requests can resume (§8)',
        )
        .throwIfAny();
    },
  );
}
