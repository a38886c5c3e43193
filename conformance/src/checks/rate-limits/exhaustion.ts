// The spending the rate-limit checks share: from a fresh window, requests with the token the
// group is given (tokens.rate_limit, else the admin token), alternating the organization and a
// location interface, until the first 429 or well past the per-minute limit.
import { setTimeout as sleep } from 'node:timers/promises';
import { readRateLimit, untilReset } from '@warehouse-kit/sdk';
import type { CheckRun } from '../../check.js';
import { type Endpoint, type Exchange, send } from '../../http.js';
import { fail } from '../../problems.js';

export const PER_MINUTE = 120;
/** Enough to exhaust one budget even if the interfaces had a budget each, and not much more. */
const MOST_REQUESTS = 2 * PER_MINUTE + 10;
/** A window ending this soon is waited out first, so the spending does not straddle two windows. */
const ALIGN_MS = 15_000;

export interface Exhaustion {
  /** Requests answered before the first 429. */
  allowed: number;
  /** X-RateLimit-Remaining before the spending started, when the deployment said. */
  remainingAtStart?: number;
  /** X-RateLimit-Limit before the spending started, when the deployment said: the limit closest to exhaustion. */
  limitAtStart?: number;
  elapsedMs: number;
  /** Whether the spending ran past the window's reset, so the count spans two windows. */
  crossedReset: boolean;
  statuses: Record<number, number>;
  /** The first 429. */
  refusal: Exchange;
  /** The request after the refusal, on the other interface (undefined without a location interface). */
  otherInterface?: Exchange;
  /** Another token of the profile, asked once before the spending and once after the 429. */
  otherToken?: { before: Exchange; after: Exchange };
}

/**
 * The group's token on the organization interface and on a paid location's, and another token
 * of the profile, none retrying: the 429s are what the group looks at.
 */
export function interfaces(run: CheckRun): { organization: Endpoint; location?: Endpoint; other?: Endpoint } {
  const { ctx } = run;
  const { rateLimit, admin, readOnly, noAccess, noAdmin } = ctx.profile.tokens;
  const token = rateLimit ?? admin;
  const paid = ctx.profile.locations.find((location) => location.paid);
  // The admin token last: the other checks and the clean-up need its budget.
  const other = [noAdmin, readOnly?.token, noAccess?.token, ...ctx.profile.locations.map((l) => l.token), admin].find(
    (candidate) => candidate !== undefined && candidate !== token,
  );
  return {
    ...(other && {
      other: ctx.endpoint('another token of the profile', other, ctx.profile.organization, { retry: false }),
    }),
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

/** A request of the spending: the cheapest list on each interface (`organization` is the one that is not a location's). */
export function ask(endpoint: Endpoint, organization: Endpoint): Promise<Exchange> {
  return endpoint === organization
    ? send(endpoint, 'GET', '/locations')
    : send(endpoint, 'GET', '/products', { query: { per_page: 1 } });
}

/**
 * The spending, once per run. Without a 429 nothing else of the group can be looked at: the
 * first check reports that, and the others are blocked by it.
 */
export function exhaust(run: CheckRun): Promise<Exhaustion> {
  return run.ctx.shared('a 429 once the per-minute limit is spent', async () => {
    const { organization, location, other } = interfaces(run);

    // Start in a fresh window when the current one is nearly over or already spent.
    let probe = await ask(organization, organization);
    const wait = untilReset(probe.headers);
    if (wait !== undefined && (probe.status === 429 || wait < ALIGN_MS) && wait < 70_000) {
      await sleep(Math.max(0, wait) + 500);
      probe = await ask(organization, organization);
    }
    const otherBefore = other && (await ask(other, other));
    const started = Date.now();
    const resetAtStart = untilReset(probe.headers);
    const { remaining, limit } = readRateLimit(probe.headers);
    const statuses: Record<number, number> = {};
    let allowed = 0;
    let answer = probe;
    let asked = organization;
    for (let sent = 1; ; sent++) {
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 429) break;
      allowed++;
      if (sent >= MOST_REQUESTS) break;
      asked = location && asked === organization ? location : organization;
      answer = await ask(asked, organization);
    }
    const elapsedMs = Date.now() - started;
    if (answer.status !== 429) {
      const counts = Object.entries(statuses).map(([status, count]) => `${status}×${count}`);
      fail(
        answer,
        'status',
        `no 429 after ${allowed} requests in ${(elapsedMs / 1000).toFixed(1)} s (${counts.join(', ')})`,
        `429 once ${PER_MINUTE} requests in a minute are spent (§8)`,
      );
    }
    return {
      allowed,
      elapsedMs,
      crossedReset: resetAtStart !== undefined && elapsedMs >= resetAtStart,
      statuses,
      refusal: answer,
      ...(remaining !== undefined && { remainingAtStart: remaining + 1 }),
      ...(limit !== undefined && { limitAtStart: limit }),
      ...(location && { otherInterface: await ask(asked === organization ? location : organization, organization) }),
      ...(other && otherBefore && { otherToken: { before: otherBefore, after: await ask(other, other) } }),
    };
  });
}
