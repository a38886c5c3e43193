// A PgBouncer of a test's own: Debian's (1.18), as the `postgres` user when the tests run as root,
// on loopback in front of the test's PostgreSQL, with its configuration and log in a temporary
// folder. It is a child of the test process, signalled by its id: SIGHUP reloads its
// configuration, SIGINT stops it. Without the program the tests that need it are skipped with the
// reason, except where WH_REQUIRE_PGBOUNCER is set (CI, whose .ci/run installs it), where its
// absence fails them.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, tempDir } from '@warehouse-kit/testing';
import { freePort } from '../../src/db/embedded.js';

export const PGBOUNCER = '/usr/sbin/pgbouncer';

/** What PgBouncer logs when SIGHUP has it read its configuration again. */
const RELOADED = 'got SIGHUP, re-reading config';

/** Why PgBouncer's tests cannot run here, or undefined when they can; throws where they must. */
export function pgbouncerMissing(): string | undefined {
  if (existsSync(PGBOUNCER)) return undefined;
  const reason = `${PGBOUNCER} is not installed (Debian's pgbouncer package)`;
  if (process.env.WH_REQUIRE_PGBOUNCER) throw new Error(`${reason}, and WH_REQUIRE_PGBOUNCER says it must be`);
  return reason;
}

export type PoolMode = 'session' | 'transaction';

export interface PgBouncerSettings {
  poolMode: PoolMode;
  /** Server connections per database and user. */
  poolSize: number;
  /** Startup parameters it drops instead of refusing the connection (its ignore_startup_parameters). */
  ignoreStartupParameters?: string[];
  /**
   * DISCARD ALL on a server connection after every transaction: a client's next statement never
   * finds what it prepared, as happens in transaction mode whenever the next one lands elsewhere.
   */
  discardAfterTransaction?: boolean;
}

export interface PgBouncer {
  /** `upstream`'s URL with PgBouncer's address in place of PostgreSQL's. */
  url: string;
  /** Writes `settings` and has PgBouncer read them again (SIGHUP), as `RELOAD` does. */
  reload(settings: PgBouncerSettings): Promise<void>;
  /** What PgBouncer logged. */
  log(): string;
  stop(): Promise<void>;
}

/** The `postgres` user's ids, for a child that PostgreSQL's programs' user may run. */
function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Starts PgBouncer in front of the PostgreSQL of `upstream` (a URL with its user and password). */
export async function startPgBouncer(upstream: string, settings: PgBouncerSettings): Promise<PgBouncer> {
  const dir = tempDir('wh-pgbouncer-');
  chmodSync(dir, 0o777);
  const target = new URL(upstream);
  const port = await freePort();
  const configFile = join(dir, 'pgbouncer.ini');
  const logFile = join(dir, 'pgbouncer.log');
  const user = decodeURIComponent(target.username);
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  const write = ({ poolMode, poolSize, ignoreStartupParameters = [], discardAfterTransaction }: PgBouncerSettings) =>
    writeFileSync(
      configFile,
      [
        '[databases]',
        `* = host=${target.hostname} port=${target.port} user=${user} password=${decodeURIComponent(target.password)}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${join(dir, 'users.txt')}`,
        `pool_mode = ${poolMode}`,
        `default_pool_size = ${poolSize}`,
        'max_client_conn = 500',
        `ignore_startup_parameters = ${ignoreStartupParameters.join(',')}`,
        ...(discardAfterTransaction ? ['server_reset_query = DISCARD ALL', 'server_reset_query_always = 1'] : []),
        `logfile = ${logFile}`,
        '',
      ].join('\n'),
    );
  write(settings);
  chmodSync(configFile, 0o644);
  const child: ChildProcess = spawn(PGBOUNCER, [configFile], { stdio: 'ignore', ...postgresUser() });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const url = new URL(upstream);
  url.host = `127.0.0.1:${port}`;
  // Ready once it logs that it listens on its port.
  await eventually(`PgBouncer to listen:\n${log()}`, async () => {
    if (child.exitCode !== null) throw new Error(`PgBouncer exited:\n${log()}`);
    return log().includes(`listening on 127.0.0.1:${port}`) || undefined;
  });
  return {
    url: url.toString(),
    async reload(next) {
      const reloads = log().split(RELOADED).length;
      write(next);
      child.kill('SIGHUP');
      await eventually('PgBouncer to read its configuration again', async () =>
        log().split(RELOADED).length > reloads ? true : undefined,
      );
    },
    log,
    async stop() {
      child.kill('SIGINT');
      await exited;
    },
  };
}
