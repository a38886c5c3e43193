// The rate-limit headers on answers that are not refused (DECISIONS 20): they describe one of
// the two limits, the one closest to exhaustion, with the reset of that limit's window, and
// the remaining count goes down by one with each request in that window (DECISIONS 21).
import { readRateLimit } from '@warehouse-kit/sdk';
import { epochInstead } from '../causes.js';
import type { CheckRun, GroupBuilder } from '../check.js';
import { type Exchange, headerOf } from '../http.js';
import { Problems } from '../problems.js';

const WINDOWS: Record<number, { seconds: number; name: string }> = {
  120: { seconds: 60, name: 'the minute' },
  5000: { seconds: 3600, name: 'the hour' },
};

interface Reading {
  exchange: Exchange;
  limit: number | undefined;
  remaining: number | undefined;
  reset: Date | undefined;
  /** Seconds from the answer's Date (or now) to the reset. */
  resetIn: number | undefined;
}

function readingOf(exchange: Exchange): Reading {
  const { limit, remaining, reset } = readRateLimit(exchange.headers);
  const now = Date.parse(exchange.headers.get('Date') ?? '') || Date.now();
  return { exchange, limit, remaining, reset, resetIn: reset && (reset.getTime() - now) / 1000 };
}

/** Whether the readings describe one window of one limit, so their counts can be compared. */
function oneWindow(readings: Reading[]): boolean {
  const [first] = readings;
  return readings.every(
    (reading) =>
      reading.limit === first!.limit &&
      reading.reset?.getTime() === first!.reset?.getTime() &&
      reading.remaining !== undefined,
  );
}

/**
 * Three requests in a row with home's token, each answer read; three more when a window ended
 * among the first (the budget ran out, or the minute turned), since the next three then fall in
 * a fresh window.
 */
function countdown(run: CheckRun): Promise<Reading[]> {
  const { ctx } = run;
  return ctx.shared('rate-limit countdown', async () => {
    const threeReadings = async () => {
      const readings: Reading[] = [];
      for (let i = 0; i < 3; i++) readings.push(readingOf(await ctx.send(ctx.admin, 'GET', '/locations')));
      return readings;
    };
    const readings = await threeReadings();
    return oneWindow(readings) ? readings : threeReadings();
  });
}

export function defineRateLimitHeaders(group: GroupBuilder): void {
  group.check(
    {
      name: 'rate_limit_headers_describe_their_window',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: 'decision 20',
      verifies: [],
    },
    async (run) => {
      for (const { exchange, limit, remaining, resetIn } of await countdown(run)) {
        const window = limit === undefined ? undefined : WINDOWS[limit];
        const problems = new Problems(exchange).expect(
          window !== undefined,
          'header X-RateLimit-Limit',
          headerOf(exchange, 'X-RateLimit-Limit'),
          '120 (the minute) or 5000 (the hour), the limit closest to exhaustion (§8, decision 20)',
        );
        if (window) {
          const reset = headerOf(exchange, 'X-RateLimit-Reset');
          problems.expect(
            resetIn !== undefined && resetIn > -1 && resetIn <= window.seconds + 1,
            'header X-RateLimit-Reset',
            resetIn === undefined
              ? `${reset}${epochInstead(exchange.headers.get('X-RateLimit-Reset')) || ', not an ISO 8601 time'}`
              : `${reset}, ${resetIn.toFixed(0)} s away`,
            `the end of ${window.name}'s window, at most ${window.seconds} s away, as X-RateLimit-Limit ${limit} ` +
              'says which window the headers describe (decision 20)',
          );
        }
        problems
          .expect(
            remaining !== undefined && (limit === undefined || remaining <= limit),
            'header X-RateLimit-Remaining',
            headerOf(exchange, 'X-RateLimit-Remaining'),
            `a whole number${limit === undefined ? '' : ` no greater than X-RateLimit-Limit ${limit}`} (decision 20)`,
          )
          .throwIfAny();
      }
    },
  );

  group.check(
    {
      name: 'rate_limit_remaining_counts_down',
      method: 'GET',
      path: '/locations',
      status: 200,
      section: 'decision 20',
      verifies: [],
    },
    async (run) => {
      const readings = await countdown(run);
      const [first] = readings;
      if (!oneWindow(readings))
        run.skip(
          'twice, three requests in a row did not fall in one rate-limit window, so their counts cannot be compared',
        );
      const counts = readings.map((reading) => reading.remaining);
      const start = first!.remaining!;
      new Problems(readings[2]!.exchange)
        .expect(
          counts.every((count, i) => count === start - i),
          'header X-RateLimit-Remaining',
          counts.join(', '),
          `${start}, ${start - 1}, ${start - 2}: one less for each request in the window ` +
            '(decisions 20 and 21; other clients of the token may take some too)',
        )
        .throwIfAny();
    },
  );
}
