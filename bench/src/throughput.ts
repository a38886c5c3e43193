// Throughput of the full stack against the bare server, side by side: rounds alternate the
// servers (and which goes first), so that a noisy neighbour slows both alike, and each
// figure is the median of its rounds. A ratio of two servers is taken within each round, where
// they ran one after the other (ratioOf): the machine's pace drifts from round to round by more
// than the differences measured (a floor's new orders ran anywhere from 719 to 1,001 a second
// over twelve rounds), and a ratio taken within a round cancels that drift.

import type pg from 'pg';
import type { LoadResult } from './load.js';
import { runLoad } from './load-process.js';
import type { LoadWrite } from './write-request.js';

export interface Target {
  name: string;
  port: number;
  /** Run before each of this server's rounds (the full stack's rate-limit budgets start full). */
  beforeRound?: () => Promise<unknown>;
  /** Wraps each of this server's measured rounds of `route` (--profile measures them). */
  measured?: (route: Route, round: () => Promise<LoadResult>) => Promise<LoadResult>;
}

export interface Route {
  name: string;
  path: string;
  write?: LoadWrite;
}

export interface Comparison {
  route: string;
  /** Median requests per second and latencies (ms) per target, in the targets' order. */
  medians: { target: string; requestsPerSecond: number; p50: number; p99: number }[];
  /** Requests per second of each round, per target in the targets' order. */
  rounds: number[][];
}

export interface LoadShape {
  /** Waits until the database has finished what the previous round left running. */
  settle: () => Promise<void>;
  host: string;
  tokenCount: number;
  connections: number;
  rounds: number;
  seconds: number;
  /** Seconds of unmeasured load per server and route before the rounds. */
  warmup: number;
}

/**
 * Load stops when a round ends, but requests already queued on a server's pool still run: at a
 * million rows the booked search counts for half a second each, and would slow the next round.
 * This waits until no other session is busy in the database, twice in a row. It asks on a
 * connection of its own (`watcher`): the servers' pools may stay full for longer than a
 * connection can be waited for.
 */
export async function settle(watcher: pg.Pool): Promise<void> {
  const busy = async () => {
    const { rows } = await watcher.query<{ busy: string }>(
      `select count(*) as busy from pg_stat_activity
          where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
    );
    return Number(rows[0]!.busy) > 0;
  };
  for (let quiet = 0; quiet < 2; ) {
    quiet = (await busy()) ? 0 : quiet + 1;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * How target `a` compares with target `b` (indexes in the targets' order). Each round gives their
 * ratio; the order reverses every other round, and the server that runs earlier in a round
 * tends to be faster (over twelve rounds of new orders the floor made 0.94 of the floor without
 * events when it ran first and 0.89 when it ran second), so each two consecutive rounds, one in
 * each order, are taken together (the geometric mean of their ratios), and the figure is the
 * median of those. A single round is its own ratio.
 */
export function ratioOf(comparison: Comparison, a: number, b: number): number {
  const ratios = comparison.rounds.map((round) => round[a]! / round[b]!);
  if (ratios.length === 1) return ratios[0]!;
  return median(ratios.slice(1).map((ratio, i) => Math.sqrt(ratio * ratios[i]!)));
}

export async function compare(targets: Target[], routes: Route[], shape: LoadShape): Promise<Comparison[]> {
  const results = new Map<string, LoadResult[]>();
  const round = async (target: Target, route: Route, seconds: number, requests?: number) => {
    await shape.settle();
    await target.beforeRound?.();
    const result = await runLoad({
      url: `http://127.0.0.1:${target.port}${route.path}`,
      host: shape.host,
      tokenCount: shape.tokenCount,
      connections: shape.connections,
      seconds,
      requests,
      write: route.write,
    });
    if (result.failures > 0)
      throw new Error(`${target.name} ${route.name}: ${result.failures} of ${result.requests} requests failed`);
    return result;
  };
  // Every token once, not counted: the full stack loads a token's user on its first request and
  // keeps it (DECISIONS 100), so a round that meets unseen tokens measures those loads, not the
  // steady state (DECISIONS 270). Timed warm-ups restart from the first token and never got there.
  // Writes are measured after the lists, on the same servers, by the same tokens: they are warm.
  const first = routes[0];
  if (first && !first.write) for (const target of targets) await round(target, first, 0, shape.tokenCount);
  // Warm-up, not counted: JIT, connection pools, PostgreSQL's buffers.
  for (const route of routes) for (const target of targets) await round(target, route, shape.warmup);
  // Reversed every other round, so that neighbours in the targets' order always run one after the other.
  for (let i = 0; i < shape.rounds; i++) {
    for (const route of routes) {
      const order = i % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) {
        const key = `${route.name}\n${target.name}`;
        const measure = () => round(target, route, shape.seconds);
        const result = await (target.measured ? target.measured(route, measure) : measure());
        results.set(key, [...(results.get(key) ?? []), result]);
      }
    }
  }
  return routes.map((route) => {
    const runs = targets.map((target) => results.get(`${route.name}\n${target.name}`)!);
    return {
      route: route.name,
      medians: targets.map((target, t) => ({
        target: target.name,
        requestsPerSecond: median(runs[t]!.map((run) => run.requestsPerSecond)),
        p50: median(runs[t]!.map((run) => run.p50)),
        p99: median(runs[t]!.map((run) => run.p99)),
      })),
      rounds: runs[0]!.map((_, r) => runs.map((targetRuns) => targetRuns[r]!.requestsPerSecond)),
    };
  });
}
