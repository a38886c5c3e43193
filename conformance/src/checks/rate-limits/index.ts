// Rate limits (§8): past 120 requests a minute the API answers 429 with a JSON error,
// X-RateLimit-Limit, X-RateLimit-Remaining 0 and X-RateLimit-Reset in ISO 8601 UTC, and no
// Retry-After; one budget covers the organization and location interfaces, per token. This
// group spends the budget of the token it is given (tokens.rate_limit, else the admin token:
// about 121 requests), so it runs last, after the run's records are cleaned up.
import type { CheckGroup } from '../../check.js';
import { defineBudgets } from './budgets.js';
import { defineRefusal } from './refusal.js';

export const rateLimits: CheckGroup = {
  name: 'rate-limits',
  title: 'Rate limits',
  basis: 'reference',
  // Up to a minute's wait for a fresh window, the spending, and up to a minute's wait for the reset.
  timeout: 300_000,
  async before(ctx) {
    // The clean-up needs budget of the admin token, which this group is about to spend.
    await ctx.cleanup.drain();
  },
  define(group) {
    defineRefusal(group);
    defineBudgets(group);
  },
};
