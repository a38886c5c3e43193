// A check's request answered 429 although the client waits until X-RateLimit-Reset (within a
// minute, three times): the token's budget cannot be waited for. Every later request with the
// token would be refused too, so the checks that send them are blocked, and this says why once.
import { MINUTE_RESET_MS, untilReset } from '@warehouse-kit/sdk';
import { epochInstead } from './causes.js';
import type { Exchange } from './http.js';
import { ConformanceFailure } from './problems.js';

function whyNoWait(refusal: Exchange): { received: string; documented: string } {
  const header = refusal.headers.get('X-RateLimit-Reset');
  if (header === null)
    return {
      received: '429 without X-RateLimit-Reset',
      documented: 'X-RateLimit-Reset on a 429, the ISO 8601 UTC time when requests can resume (§8)',
    };
  const wait = untilReset(refusal.headers);
  if (wait === undefined)
    return {
      received: `429 with X-RateLimit-Reset ${JSON.stringify(header)}${epochInstead(header)}`,
      documented: 'an ISO 8601 UTC time when requests can resume, which the suite waits for (§8)',
    };
  // The suite's clients wait as the SDK's retry does by default: up to MINUTE_RESET_MS.
  if (wait > MINUTE_RESET_MS)
    return {
      received: `429 with X-RateLimit-Reset ${JSON.stringify(header)}, ${Math.round(wait / 1000)} s away`,
      documented:
        'requests resuming within the minute of the per-minute limit (§8); a reset further away means the ' +
        "token's 5,000 requests of the hour are spent, by this run or another client of the token",
    };
  return {
    received: `429 again after waiting until X-RateLimit-Reset (${JSON.stringify(header)}) three times`,
    documented: 'requests resuming at X-RateLimit-Reset, the time when requests can resume (§8)',
  };
}

/** Why the suite cannot wait for the budget the refusal says is spent. */
export function budgetFailure(refusal: Exchange): ConformanceFailure {
  const { received, documented } = whyNoWait(refusal);
  return new ConformanceFailure(refusal, [{ where: 'status', received, documented }]);
}
