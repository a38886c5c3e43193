// The bench's command-line options: `npm run bench -- --rows 1000000 --explain`.
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Products per location; orders scale with it. */
  rows: number;
  rounds: number;
  /** Seconds of load per round, per server and route. */
  duration: number;
  connections: number;
  explain: boolean;
  /** A developer's check in under two minutes: one short round, no SDK walk, no webhook delivery. */
  quick: boolean;
  /** CPU profiles of the full stack's measured write rounds (profile.ts); its req/s then pay for the profiler. */
  profile: boolean;
}

export function benchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string', default: '10000' },
      rounds: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string', default: '50' },
      explain: { type: 'boolean', default: false },
      quick: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
    },
  });
  const quick = values.quick === true;
  const defaults = { rounds: quick ? '1' : '5', duration: quick ? '3' : '5' };
  const count = (name: 'rows' | 'rounds' | 'duration' | 'connections') => {
    const value = Number(values[name] ?? defaults[name as keyof typeof defaults]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
    return value;
  };
  return {
    rows: count('rows'),
    rounds: count('rounds'),
    duration: count('duration'),
    connections: count('connections'),
    explain: values.explain === true,
    quick,
    profile: values.profile === true,
  };
}
