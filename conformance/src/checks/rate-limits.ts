// Rate limits (§8): past 120 requests a minute the API answers 429 with a JSON error,
// X-RateLimit-Limit, X-RateLimit-Remaining 0 and X-RateLimit-Reset in ISO 8601 UTC, and no
// Retry-After; one budget covers the organization and location interfaces. This group spends
// the budget of the token it is given (tokens.rate_limit, else the admin token: about 121
// requests), so it runs last, after the run's records are cleaned up.
import { setTimeout as sleep } from 'node:timers/promises';
import { readRateLimit } from '@warehouse-kit/sdk';
import type { CheckGroup, CheckRun } from '../check.js';
import { type Endpoint, type Exchange, preview, send } from '../http.js';
import { fail, isObject, Problems } from '../problems.js';

const PER_MINUTE = 120;
/** Enough to exhaust one budget even if the interfaces had a budget each, and not much more. */
const MOST_REQUESTS = 2 * PER_MINUTE + 10;
/** A window ending this soon is waited out first, so the spending does not straddle two windows. */
const ALIGN_MS = 15_000;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|\+00:?00)$/;

interface Exhaustion {
  /** Requests answered before the first 429. */
  allowed: number;
  /** X-RateLimit-Remaining before the spending started, when the deployment said. */
  remainingAtStart?: number;
  elapsedMs: number;
  /** Whether the spending ran past the window's reset, so the count spans two windows. */
  crossedReset: boolean;
  statuses: Record<number, number>;
  refusal?: Exchange;
  /** The last answer before the spending stopped. */
  last: Exchange;
  /** The request after the refusal, on the other interface (undefined without a location interface). */
  otherInterface?: Exchange;
}

/** Milliseconds until the exchange's X-RateLimit-Reset by the server's clock, if it says. */
function untilReset(exchange: Exchange): number | undefined {
  const { reset } = readRateLimit(new Response(null, { headers: exchange.headers }));
  if (!reset) return undefined;
  const serverNow = Date.parse(exchange.headers.get('Date') ?? '');
  return reset.getTime() - (Number.isNaN(serverNow) ? Date.now() : serverNow);
}

function interfaces(run: CheckRun): { organization: Endpoint; location?: Endpoint } {
  const { ctx } = run;
  const token = ctx.profile.tokens.rateLimit ?? ctx.profile.tokens.admin;
  const paid = ctx.profile.locations.find((location) => location.paid);
  // No retries: the 429s are what this group looks at.
  return {
    organization: ctx.endpoint('rate-limit token, organization interface', token, ctx.profile.organization, {
      retry: false,
    }),
    ...(paid && {
      location: ctx.endpoint(`rate-limit token, ${paid.name} location interface`, token, paid.address, {
        retry: false,
      }),
    }),
  };
}

function exhaust(run: CheckRun): Promise<Exhaustion> {
  return run.ctx.shared('rate-limit exhaustion', async () => {
    const { organization, location } = interfaces(run);
    const ask = (endpoint: Endpoint) =>
      endpoint === organization
        ? send(endpoint, 'GET', '/locations')
        : send(endpoint, 'GET', '/products', { query: { per_page: 1 } });

    // Start in a fresh window when the current one is nearly over or already spent.
    let probe = await ask(organization);
    const wait = untilReset(probe);
    if (wait !== undefined && (probe.status === 429 || wait < ALIGN_MS) && wait < 70_000) {
      await sleep(Math.max(0, wait) + 500);
      probe = await ask(organization);
    }
    const started = Date.now();
    const resetAtStart = untilReset(probe);
    const remaining = readRateLimit(new Response(null, { headers: probe.headers })).remaining;
    const result: Exhaustion = {
      allowed: 0,
      elapsedMs: 0,
      crossedReset: false,
      statuses: {},
      last: probe,
      ...(remaining !== undefined && { remainingAtStart: remaining + 1 }),
    };
    let answer = probe;
    let asked = organization;
    for (let sent = 1; ; sent++) {
      result.last = answer;
      result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
      if (answer.status === 429) {
        result.refusal = answer;
        break;
      }
      result.allowed++;
      if (sent >= MOST_REQUESTS) break;
      asked = location && asked === organization ? location : organization;
      answer = await ask(asked);
    }
    result.elapsedMs = Date.now() - started;
    result.crossedReset = resetAtStart !== undefined && result.elapsedMs >= resetAtStart;
    if (result.refusal && location) result.otherInterface = await ask(asked === organization ? location : organization);
    return result;
  });
}

/** The 429, or a failure saying that none came. */
function refusalOf(result: Exhaustion): Exchange {
  if (result.refusal) return result.refusal;
  const statuses = Object.entries(result.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
  fail(
    result.last,
    'status',
    `no 429 after ${result.allowed} requests in ${(result.elapsedMs / 1000).toFixed(1)} s (${statuses})`,
    `429 once ${PER_MINUTE} requests in a minute are spent (§8)`,
  );
}

export const rateLimits: CheckGroup = {
  name: 'rate-limits',
  title: 'Rate limits',
  basis: 'reference',
  // Up to a minute's wait for a fresh window, then the spending.
  timeout: 240_000,
  async before(ctx) {
    // The clean-up needs budget of the admin token, which this group is about to spend.
    await ctx.cleanup.drain();
  },
  define(group) {
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
        const refusal = refusalOf(result);
        const problems = new Problems(refusal);
        problems.expect(
          isObject(refusal.body),
          'body',
          preview(refusal.body),
          'a JSON error (§7: 429 has a JSON error)',
        );
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
        name: 'rate_limit_headers_on_refusal',
        method: 'GET',
        path: '/locations',
        status: 429,
        section: '§8',
        verifies: ['§8.limits.remaining-zero'],
      },
      async (run) => {
        const refusal = refusalOf(await exhaust(run));
        const limit = refusal.headers.get('X-RateLimit-Limit');
        const remaining = refusal.headers.get('X-RateLimit-Remaining');
        new Problems(refusal)
          .expect(
            limit === String(PER_MINUTE) || limit === '5000',
            'header X-RateLimit-Limit',
            preview(limit ?? undefined),
            `the limit exceeded: ${PER_MINUTE} per minute (or 5000 per hour) (§8)`,
          )
          .expect(remaining === '0', 'header X-RateLimit-Remaining', preview(remaining ?? undefined), '0 (§8)')
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
        const refusal = refusalOf(await exhaust(run));
        const reset = refusal.headers.get('X-RateLimit-Reset');
        const wait = untilReset(refusal);
        const perMinute = refusal.headers.get('X-RateLimit-Limit') === String(PER_MINUTE);
        new Problems(refusal)
          .expect(
            reset !== null && ISO_UTC.test(reset.trim()),
            'header X-RateLimit-Reset',
            preview(reset ?? undefined),
            'an ISO 8601 time in UTC, such as 2025-03-09T14:05:00Z (§8)',
          )
          .expect(
            wait !== undefined && wait > -1000,
            'header X-RateLimit-Reset',
            `${preview(reset ?? undefined)}, ` +
              `${wait === undefined ? 'unreadable' : `${Math.round(wait / 1000)} s from the server's Date`}`,
            'a time in the future, when requests can resume (§8)',
          )
          .expect(
            !perMinute || wait === undefined || wait <= 61_000,
            'header X-RateLimit-Reset',
            `${preview(reset ?? undefined)}, ${Math.round((wait ?? 0) / 1000)} s away`,
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
        const refusal = refusalOf(await exhaust(run));
        const retryAfter = refusal.headers.get('Retry-After');
        new Problems(refusal)
          .expect(
            retryAfter === null,
            'header Retry-After',
            preview(retryAfter ?? undefined),
            'no Retry-After: the reset is in X-RateLimit-Reset (§8)',
          )
          .throwIfAny();
      },
    );

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
        refusalOf(result);
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
  },
};
