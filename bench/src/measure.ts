// Timing and memory helpers for the benchmark. Numbers are reported, never asserted on in
// tests: wall time depends on the machine.

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  max: number;
}

/** The value at quantile `q` of ascending `samples`. */
export const percentile = (samples: number[], q: number): number =>
  samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;

export async function time(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  await task(); // warm-up: JIT, connection pool, PostgreSQL caches
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { runs, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), max: samples[samples.length - 1]! };
}

/**
 * Peak growth of the retained heap while `task` runs, sampled through `tick`. Each sample
 * collects garbage first (run node with --expose-gc), so it measures what is kept, not what
 * is merely waiting for the collector.
 */
export async function peakHeap(task: (tick: () => void) => Promise<void>): Promise<number> {
  const gc = globalThis.gc;
  if (!gc) throw new Error('run the benchmark with node --expose-gc');
  gc();
  const base = process.memoryUsage().heapUsed;
  let peak = 0;
  await task(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  });
  return peak;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
