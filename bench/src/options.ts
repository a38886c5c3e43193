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
}

export function benchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rows: { type: 'string', default: '10000' },
      rounds: { type: 'string', default: '5' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '50' },
      explain: { type: 'boolean', default: false },
    },
  });
  const count = (name: keyof typeof values) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive whole number`);
    return value;
  };
  return {
    rows: count('rows'),
    rounds: count('rounds'),
    duration: count('duration'),
    connections: count('connections'),
    explain: values.explain === true,
  };
}
