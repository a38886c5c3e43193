// The 429 itself (§7, §8): a JSON error after the per-minute limit, X-RateLimit-Limit naming
// the limit exceeded, X-RateLimit-Remaining 0, X-RateLimit-Reset an ISO 8601 UTC time in the
// future, and no Retry-After.

import { untilReset } from '@warehouse-kit/sdk';
import { isObject } from '@warehouse-kit/spec';
import { epochInstead } from '../../causes.js';
import type { GroupBuilder } from '../../check.js';
import { headerOf, preview } from '../../http.js';
import { Problems } from '../../problems.js';
import { exhaust, PER_MINUTE } from './exhaustion.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|\+00:?00)$/;
const PER_HOUR = 5000;

export function defineRefusal(group: GroupBuilder): void {
  group.check(
    {
      name: 'rate_limit_exceeded_refused',
      method: 'GET',
      path: '/locations',
      status: 429,
      section: '§8',
      verifies: ['§8.limits.per-minute', '§8.limits.exceeded-429', '§7.429', '§7.body-429'],
    },
    async (run) => {
      const result = await exhaust(run);
      const { refusal } = result;
      const problems = new Problems(refusal);
      problems.expect(isObject(refusal.body), 'body', preview(refusal.body), 'a JSON error (§7: 429 has a JSON error)');
      const budget = result.remainingAtStart;
      if (budget !== undefined && !result.crossedReset) {
        problems.expect(
          result.allowed >= Math.min(budget, PER_MINUTE),
          'requests allowed',
          `${result.allowed}, with X-RateLimit-Remaining ${budget - 1} before the first`,
          `${Math.min(budget, PER_MINUTE)} answered before the 429 (§8: 120 per minute)`,
        );
      }
      problems.throwIfAny();
    },
  );

  group.check(
    {
      name: 'rate_limit_names_limit_exceeded',
      method: 'GET',
      path: '/locations',
      status: 429,
      section: '§8',
      verifies: ['§8.limits.limit-exceeded'],
    },
    async (run) => {
      const { refusal, allowed, elapsedMs, crossedReset, limitAtStart } = await exhaust(run);
      const seconds = (elapsedMs / 1000).toFixed(1);
      const oneWindow = !crossedReset && elapsedMs < 60_000;
      // More than 120 of the run's own requests within a minute exceed the per-minute limit;
      // otherwise the limit the deployment named before the spending (the one closest to
      // exhaustion, DECISIONS 20) is the one the spending runs out.
      const exceeded =
        oneWindow && allowed >= PER_MINUTE
          ? { limit: PER_MINUTE, why: `${allowed + 1} requests within a minute exceed the ${PER_MINUTE} a minute` }
          : oneWindow && (limitAtStart === PER_MINUTE || limitAtStart === PER_HOUR)
            ? {
                limit: limitAtStart,
                why: `X-RateLimit-Limit ${limitAtStart} before the spending named it as the limit closest to exhaustion`,
              }
            : run.skip(
                `the 429 came after ${allowed} requests in ${seconds} s, and no X-RateLimit-Limit before the spending ` +
                  'named the limit closest to exhaustion, so the suite cannot tell which limit was exceeded',
              );
      new Problems(refusal)
        .expect(
          refusal.headers.get('X-RateLimit-Limit')?.trim() === String(exceeded.limit),
          'header X-RateLimit-Limit',
          `${headerOf(refusal, 'X-RateLimit-Limit')} after ${allowed} requests in ${seconds} s`,
          `${exceeded.limit}, the limit exceeded: ${exceeded.why} (§8)`,
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'rate_limit_remaining_zero_on_refusal',
      method: 'GET',
      path: '/locations',
      status: 429,
      section: '§8',
      verifies: ['§8.limits.remaining-zero'],
    },
    async (run) => {
      const { refusal } = await exhaust(run);
      new Problems(refusal)
        .expect(
          refusal.headers.get('X-RateLimit-Remaining')?.trim() === '0',
          'header X-RateLimit-Remaining',
          headerOf(refusal, 'X-RateLimit-Remaining'),
          '0 (§8)',
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'rate_limit_reset_is_iso_utc',
      method: 'GET',
      path: '/locations',
      status: 429,
      section: '§8',
      verifies: ['§8.limits.reset-iso-utc'],
    },
    async (run) => {
      const { refusal } = await exhaust(run);
      const reset = refusal.headers.get('X-RateLimit-Reset');
      const shown = headerOf(refusal, 'X-RateLimit-Reset');
      const wait = untilReset(refusal.headers);
      const perMinute = refusal.headers.get('X-RateLimit-Limit')?.trim() === String(PER_MINUTE);
      const away = wait === undefined ? '' : `, ${Math.round(wait / 1000)} s from the server's Date`;
      new Problems(refusal)
        .expect(
          reset !== null && ISO_UTC.test(reset.trim()),
          'header X-RateLimit-Reset',
          shown + epochInstead(reset),
          'an ISO 8601 time in UTC, such as 2025-03-09T14:05:00Z (§8)',
        )
        .expect(
          wait === undefined || wait > -1000,
          'header X-RateLimit-Reset',
          `${shown}${away}`,
          'a time in the future, when requests can resume (§8)',
        )
        .expect(
          !perMinute || wait === undefined || wait <= 61_000,
          'header X-RateLimit-Reset',
          `${shown}${away}`,
          'the end of the minute window for the per-minute limit (§8)',
        )
        .throwIfAny();
    },
  );

  group.check(
    {
      name: 'no_retry_after_on_refusal',
      method: 'GET',
      path: '/locations',
      status: 429,
      section: '§8',
      verifies: ['§8.limits.no-retry-after'],
    },
    async (run) => {
      const { refusal } = await exhaust(run);
      new Problems(refusal)
        .expect(
          refusal.headers.get('Retry-After') === null,
          'header Retry-After',
          headerOf(refusal, 'Retry-After'),
          'no Retry-After: the reset is in X-RateLimit-Reset (§8)',
        )
        .throwIfAny();
    },
  );
}
