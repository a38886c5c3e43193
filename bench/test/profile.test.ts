// How --profile charges a CPU profile's samples (bench/src/profile.ts): to what was on top of the
// stack, by package, part of Node.js or native function, so a table of a write's time can say
// how much the ORM, the socket writes or the garbage collector took.
import { existsSync, readFileSync } from 'node:fs';
import { eventually } from '@warehouse-kit/testing';
import { testDatabaseUrl } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import pg from 'pg';
import { categoryOf, LoadProfiler, selfTimes } from '../src/profile.js';

const frame = (functionName: string, url = '') => ({ functionName, url });

/** A round's CPU per request, in this process and in PostgreSQL, as `report` prints it for `route` and `server`. */
const perRequest = (report: string[], route: string, server: string) =>
  new RegExp(`^${route.replace('/', '\\/')} +${server} +(\\d+) µs +(-?\\d+) µs$`, 'm')
    .exec(report.join('\n'))
    ?.slice(1)
    .map(Number) ?? [];

/** A running process's CPU (µs, user and system) from /proc. */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

describe('the bench profile', () => {
  it('charges a sample to its package, part of Node.js, native function or V8 state', () => {
    const cases: [ReturnType<typeof frame>, string][] = [
      [frame('flush', 'file:///repo/node_modules/@mikro-orm/core/unit-of-work/UnitOfWork.js'), '@mikro-orm/core'],
      [frame('query', 'file:///repo/node_modules/pg/lib/client.js'), 'pg'],
      // A package inside another's node_modules is the inner one.
      [frame('x', 'file:///repo/node_modules/knex/node_modules/debug/src/node.js'), 'debug'],
      [frame('render', 'file:///repo/server/dist/src/render/purchase-order.js'), '@warehouse-kit/server'],
      [frame('write', 'node:internal/streams/writable'), 'node:streams'],
      [frame('end', 'node:_http_outgoing'), 'node:http_outgoing'],
      [frame('writev'), 'socket writes'],
      [frame('writeUtf8String'), 'socket writes'],
      [frame('stringify'), 'native stringify'],
      [frame('(garbage collector)'), 'garbage collection'],
      [frame('(idle)'), 'idle'],
      [frame('(program)'), 'V8, unattributed'],
    ];
    for (const [called, category] of cases)
      expect(categoryOf(called), called.url || called.functionName).to.equal(category);
  });

  it('adds up the time of each sample to the category of its node', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)') },
        { id: 2, callFrame: frame('query', 'file:///repo/node_modules/pg/lib/client.js') },
        { id: 3, callFrame: frame('connect', 'file:///repo/node_modules/pg/lib/connection.js') },
      ],
      samples: [1, 2, 3, 2, 1],
      timeDeltas: [100, 30, 20, 50, 7],
    };
    expect(Object.fromEntries(selfTimes(profile))).to.deep.equal({ idle: 107, pg: 100 });
  });

  it('reports the CPU of rounds per request, in this process and in PostgreSQL, and profiles only the server named', async () => {
    const profiler = new LoadProfiler('full stack');
    await profiler.open();
    try {
      // Work, not a wall-clock wait: its CPU is what is measured, however busy the machine.
      const busy = async () => {
        let sum = 0;
        for (let i = 0; i < 5_000_000; i++) sum += i % 7;
        return { requestsPerSecond: sum, p50: 1, p99: 1, requests: 10, failures: 0 };
      };
      await profiler.during('POST /x', 'full stack', busy);
      await profiler.during('POST /x', 'floor', busy);
      const report = profiler.report();
      for (const server of ['full stack', 'floor']) {
        const [cpu, postgres] = perRequest(report, 'POST /x', server);
        expect(cpu, server).to.be.greaterThan(0);
        expect(postgres, server).to.be.at.least(0);
      }
      // Only the full stack's rounds were sampled.
      expect(report.filter((line) => line.startsWith('POST /x, '))).to.deep.equal([
        report.find((line) => line.startsWith('POST /x, full stack: self time')),
      ]);
    } finally {
      profiler.close();
    }
  });

  it('counts the CPU of a PostgreSQL backend that ended during the round', async () => {
    const profiler = new LoadProfiler('full stack');
    let backendCpu = 0;
    try {
      await profiler.during('GET /y', 'floor', async () => {
        const client = new pg.Client({ connectionString: testDatabaseUrl() });
        await client.connect();
        const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
        const { pid } = rows[0]!;
        await client.query('select count(*) from generate_series(1, 5000000)');
        backendCpu = cpuOf(pid);
        await client.end();
        // Gone from /proc once the postmaster has reaped it, which adds its time to its own.
        await eventually('the backend to be reaped', async () => (existsSync(`/proc/${pid}`) ? undefined : true));
        return { requestsPerSecond: 1, p50: 1, p99: 1, requests: 1, failures: 0 };
      });
      expect(backendCpu, 'the backend worked').to.be.greaterThan(0);
      const [, postgres] = perRequest(profiler.report(), 'GET /y', 'floor');
      expect(postgres).to.be.at.least(backendCpu);
    } finally {
      profiler.close();
    }
  });
});
