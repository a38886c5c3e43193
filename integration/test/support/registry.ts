// A real registry on loopback for the packages' tests (DECISIONS 484): Verdaccio 6.8.0, the last
// release that runs on Node 20, installed into a folder of the run's at test time rather than as
// a dependency of the kit, with its storage and its one user there too. It serves the kit's
// packages from what `npm run release` publishes to it and every other package from the registry
// the machine's npm uses, as an uplink, so installs fetch third-party packages as a user's do.
// npm reaches it by npm's own configuration only: a user config file (npm_config_userconfig)
// naming it, with the test user's token and a global prefix of the run's.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, freePort, tempDir } from '@warehouse-kit/testing';

export const VERDACCIO = 'verdaccio@6.8.0';

export interface Registry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** The npm user config file that names the registry, its token and the global prefix. */
  userconfig: string;
  /** Where `npm install -g` puts packages and their commands (`bin/`). */
  prefix: string;
  stop(): Promise<void>;
}

/** The registry the machine's npm installs from, which the test registry takes other packages from. */
const upstream = () => execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();

function configuration(folder: string, port: number): string {
  return `storage: ${join(folder, 'storage')}
auth:
  htpasswd:
    file: ${join(folder, 'htpasswd')}
    max_users: 1
uplinks:
  upstream:
    url: ${upstream()}
    timeout: 60s
packages:
  # The kit's own: only what is published here, never the upstream registry's.
  '@warehouse-kit/*':
    access: $all
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    proxy: upstream
listen: 127.0.0.1:${port}
log: { type: stdout, format: json, level: warn }
`;
}

export async function startRegistry(): Promise<Registry> {
  const folder = tempDir('wh-registry-');
  // mkdtemp makes the folder private; the embedded PostgreSQL of a wh-server installed with -g
  // into the global prefix below it runs as the postgres system user when the tests run as root.
  chmodSync(folder, 0o755);
  const program = join(folder, 'verdaccio');
  execFileSync(
    'npm',
    ['install', '--prefix', program, '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', VERDACCIO],
    { stdio: 'pipe' },
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  writeFileSync(join(folder, 'config.yaml'), configuration(folder, port));
  const child: ChildProcess = spawn(
    process.execPath,
    [join(program, 'node_modules/verdaccio/bin/verdaccio'), '--config', join(folder, 'config.yaml')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await eventually(`Verdaccio answering at ${url}`, async () => {
    if (child.exitCode !== null) throw new Error(`Verdaccio exited with ${child.exitCode}:\n${output}`);
    return (await fetch(`${url}-/ping`).catch(() => undefined))?.ok || undefined;
  });
  // The test's user, made as `npm adduser` makes one; its token publishes.
  const user = 'wh-release';
  const added = await fetch(`${url}-/user/org.couchdb.user:${user}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: user, password: `${user}-${port}` }),
  });
  const { token } = (await added.json()) as { token?: string };
  if (!token) throw new Error(`Verdaccio made no user: ${added.status}\n${output}`);
  const prefix = join(folder, 'global');
  const userconfig = join(folder, 'npmrc');
  writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\nprefix=${prefix}\n`);
  return {
    url,
    userconfig,
    prefix,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
