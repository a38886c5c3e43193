// Where a write's time goes under load (`--profile`), for each server of the write rounds:
// - the CPU a request costs in the bench process (which serves it: the servers take turns, the
//   others sit idle, and autocannon runs in a process of its own) and in PostgreSQL's processes,
//   from process.cpuUsage() and /proc;
// - for the full stack, a CPU profile of the same rounds: each of V8's samples is charged to
//   what was on top of the stack: a package, a part of Node.js, a native function, the garbage
//   collector or idle.
import { readdirSync, readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from './load.js';

interface CallFrame {
  functionName: string;
  url: string;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame }[];
  samples: number[];
  timeDeltas: number[];
}

/** Native functions that write to a socket: each is a system call, most of a statement's cost here. */
const SOCKET_WRITES = new Set(['writev', 'writeBuffer', 'writeUtf8String', 'writeLatin1String', 'writeAsciiString']);

/** What a sample on top of `frame` is charged to. */
export function categoryOf({ functionName, url }: CallFrame): string {
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8, unattributed';
  if (!url) return SOCKET_WRITES.has(functionName) ? 'socket writes' : `native ${functionName || '(anonymous)'}`;
  if (url.startsWith('node:')) {
    // node:internal/streams/writable, node:_http_server: one line per part of Node.js.
    const [part] = url
      .slice('node:'.length)
      .replace(/^internal\//, '')
      .split('/');
    return `node:${part!.replace(/^_/, '')}`;
  }
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const modules = path.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  // The kit's own packages resolve to their folders in the checkout: server/dist/src/...
  const kit = /\/(\w[\w-]*)\/dist\//.exec(path);
  return kit ? `@warehouse-kit/${kit[1]}` : 'other JavaScript';
}

/** Self time per category, in microseconds, of one profile. */
export function selfTimes(profile: CpuProfile): Map<string, number> {
  const categories = new Map(profile.nodes.map((node) => [node.id, categoryOf(node.callFrame)]));
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const category = categories.get(id)!;
    times.set(category, (times.get(category) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  return times;
}

/** Linux counts a process's CPU in /proc in ticks of 1/100 s (USER_HZ) on every architecture Node runs on. */
const MICROSECONDS_PER_TICK = 10_000;

/**
 * CPU time (µs, user and system) of every PostgreSQL process running now, and of every one that
 * ended: a backend that exits (a pool letting an idle connection go) is reaped by the postmaster,
 * and Linux adds its time to the postmaster's cutime and cstime. Without those, the time of a
 * backend that ended during a round left the sum, and a round could read as negative.
 */
function postgresCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended since the listing
    }
    // pid (comm) state ppid ...: the fields after comm, whose name may hold spaces.
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    // utime, stime, cutime, cstime: fields 14 to 17 of stat.
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks * MICROSECONDS_PER_TICK;
}

/** CPU per request of one server's rounds of one route. */
interface CpuPerRequest {
  requests: number;
  /** µs in the bench process, which serves the request. */
  server: number;
  /** µs in PostgreSQL's processes, those that ended during the rounds included. */
  postgres: number;
}

/** Measures rounds by route and server, and profiles the rounds of the server named `profiled`. */
export class LoadProfiler {
  private readonly session = new Session();
  private readonly totals = new Map<string, Map<string, number>>();
  private readonly cpu = new Map<string, CpuPerRequest>();

  constructor(private readonly profiled: string) {}

  async open(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
  }

  /** Runs one measured round of `route` on `server`. */
  async during(route: string, server: string, run: () => Promise<LoadResult>): Promise<LoadResult> {
    const sampled = server === this.profiled;
    if (sampled) await this.session.post('Profiler.start');
    const [serverBefore, postgresBefore] = [process.cpuUsage(), postgresCpu()];
    try {
      const result = await run();
      const used = process.cpuUsage(serverBefore);
      const key = `${route}\n${server}`;
      const sum = this.cpu.get(key) ?? { requests: 0, server: 0, postgres: 0 };
      this.cpu.set(key, {
        requests: sum.requests + result.requests,
        server: sum.server + used.user + used.system,
        postgres: sum.postgres + postgresCpu() - postgresBefore,
      });
      return result;
    } finally {
      if (sampled) {
        const { profile } = (await this.session.post('Profiler.stop')) as { profile: CpuProfile };
        const total = this.totals.get(route) ?? new Map<string, number>();
        for (const [category, time] of selfTimes(profile)) total.set(category, (total.get(category) ?? 0) + time);
        this.totals.set(route, total);
      }
    }
  }

  /**
   * CPU per request by route and server; then each profiled route's largest `top` categories in
   * per cent of its samples' time, the others as one line.
   */
  report(top = 12): string[] {
    const lines = ['', `${'route'.padEnd(22)} ${'server'.padEnd(16)} CPU per request: server, PostgreSQL`];
    for (const [key, { requests, server, postgres }] of this.cpu) {
      const [route, name] = key.split('\n');
      const perRequest = (us: number) => `${(us / requests).toFixed(0)} µs`.padStart(8);
      lines.push(`${route!.padEnd(22)} ${name!.padEnd(16)} ${perRequest(server)} ${perRequest(postgres)}`);
    }
    for (const [name, total] of this.totals) {
      const sum = [...total.values()].reduce((a, b) => a + b, 0);
      const sorted = [...total].sort((a, b) => b[1] - a[1]);
      const rest = sorted.slice(top).reduce((a, [, time]) => a + time, 0);
      lines.push('', `${name}, ${this.profiled}: self time of ${(sum / 1e6).toFixed(1)} s of samples`);
      for (const [category, time] of [...sorted.slice(0, top), ['the rest', rest] as const])
        lines.push(`  ${((100 * time) / sum).toFixed(1).padStart(5)} %  ${category}`);
    }
    return lines;
  }

  close(): void {
    this.session.disconnect();
  }
}
