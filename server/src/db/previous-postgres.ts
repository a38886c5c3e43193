// What an earlier wh-server may have left on its data directory. After `kill -9` of wh-server
// alone, its PostgreSQL runs on, orphaned, holding the directory; after `kill -9` of its whole
// process group, PostgreSQL's lock file (postmaster.pid) stays behind naming a dead process,
// or one whose number the system has since given to another. Either would stop the next
// start, so the next start clears them, saying so in one line (DECISIONS 87).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const STOP_WAIT_MS = 30_000;

/** The embedded PostgreSQL cannot be started: an operator's matter, reported in one line. */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

/** Whether a process with this id exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProc(pid, 'stat');
  return stat === undefined || !/^\d+ \(.*\) Z/.test(stat);
}

/** /proc/<pid>/<file> on Linux; undefined where there is no /proc or no such process. */
function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs PostgreSQL on `clusterDir`; without /proc, any running process counts. */
function isPostgresOf(pid: number, clusterDir: string): boolean {
  if (!isRunning(pid)) return false;
  if (!existsSync('/proc/self')) return true;
  const command = readProc(pid, 'cmdline')?.split('\0') ?? [];
  return command.some((part) => part.endsWith('postgres')) && command.includes(clusterDir);
}

/** The file in which a running wh-server names itself as the user of a data directory. */
const ownerFile = (dataDir: string) => join(dataDir, 'wh-server.pid');

export function claimDataDir(dataDir: string): void {
  writeFileSync(ownerFile(dataDir), `${process.pid}\n`);
}

export function releaseDataDir(dataDir: string): void {
  rmSync(ownerFile(dataDir), { force: true });
}

/** The other wh-server (a Node process) named in the owner file, if it still runs. */
export function owner(dataDir: string): number | undefined {
  const pid = Number.parseInt(readIfExists(ownerFile(dataDir)) ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isRunning(pid)) return undefined;
  const command = readProc(pid, 'cmdline');
  return command === undefined || command.includes('node') ? pid : undefined;
}

function readIfExists(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * The port of the PostgreSQL running on `clusterDir`, from its lock file (its fourth line); undefined
 * when none runs there.
 */
export function runningPort(clusterDir: string): number | undefined {
  const lock = readIfExists(join(clusterDir, 'postmaster.pid'))?.split('\n');
  const pid = Number.parseInt(lock?.[0] ?? '', 10);
  const port = Number.parseInt(lock?.[3] ?? '', 10);
  return Number.isInteger(pid) && isPostgresOf(pid, resolve(clusterDir)) && port > 0 ? port : undefined;
}

/** Stops an orphaned PostgreSQL on `clusterDir` or removes its stale lock; refuses when another wh-server uses it. */
export async function clearPreviousPostgres(
  dataDir: string,
  clusterDir: string,
  log: (line: string) => void,
): Promise<void> {
  const lockFile = join(clusterDir, 'postmaster.pid');
  const lock = readIfExists(lockFile);
  if (lock === undefined) return;
  const pid = Number.parseInt(lock.split('\n')[0] ?? '', 10);
  const cluster = resolve(clusterDir);
  if (!Number.isInteger(pid) || !isPostgresOf(pid, cluster)) {
    rmSync(lockFile, { force: true });
    log(`removed the lock file of a PostgreSQL that no longer runs (pid ${pid}) from ${cluster}`);
    return;
  }
  const user = owner(dataDir);
  if (user !== undefined)
    throw new DatabaseStartError(
      `another wh-server (pid ${user}) is using ${dataDir}; stop it, or choose another WH_DATA_DIR`,
    );
  // SIGINT is PostgreSQL's fast shutdown: it ends the orphan's sessions (their client is gone) and stops cleanly.
  process.kill(pid, 'SIGINT');
  for (const started = Date.now(); isRunning(pid); await sleep(50)) {
    if (Date.now() - started > STOP_WAIT_MS)
      throw new DatabaseStartError(
        `the PostgreSQL (pid ${pid}) left running on ${cluster} did not stop; stop it and start again`,
      );
  }
  log(`stopped the PostgreSQL (pid ${pid}) an earlier wh-server left running on ${cluster}`);
}
