// A PostgreSQL of a test's own, from the embedded binaries (run as the `postgres` user), that the
// test can kill, hang and restart on the same address without touching the run's database. Each
// of its processes is signalled by id, the postmaster and every backend, never a process group.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tempDir } from '@warehouse-kit/testing';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../src/db/embedded.js';
import { isRunning } from '../../src/db/previous-postgres.js';

export interface OwnPostgres {
  url: string;
  /** SIGKILL to the postmaster and every backend, as a crash or an OOM kill would. */
  kill(): Promise<void>;
  /** SIGSTOP to every process: the server hangs, its sockets stay open. */
  hang(): void;
  /** SIGCONT to the processes `hang` stopped. */
  resume(): void;
  /** Starts it again on the same data and port after `kill`. */
  restart(): Promise<void>;
  /** Stops it (resuming it first) and removes its data. */
  remove(): Promise<void>;
}

/** The postmaster, from its lock file, and its children, from /proc. */
function processesOf(database: EmbeddedDatabase): number[] {
  const postmaster = Number.parseInt(readFileSync(join(database.dataDir, 'postmaster.pid'), 'utf8'), 10);
  const children = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // The parent's id is the fourth field, after the command name in parentheses.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dataDir = tempDir('wh-own-postgres-');
  let database = await startEmbeddedDatabase({ dataDir });
  const { port } = database;
  let stopped: number[] = [];
  const signal = (pids: number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // A backend that ended meanwhile.
      }
    }
  };
  return {
    url: database.url,
    async kill() {
      const pids = processesOf(database);
      signal(pids, 'SIGKILL');
      while (pids.some(isRunning)) await sleep(20);
    },
    hang() {
      stopped = processesOf(database);
      signal(stopped, 'SIGSTOP');
    },
    resume() {
      signal(stopped, 'SIGCONT');
      stopped = [];
    },
    async restart() {
      database = await startEmbeddedDatabase({ dataDir, port });
    },
    async remove() {
      signal(stopped, 'SIGCONT');
      await database.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
