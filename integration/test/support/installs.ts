// The kit as its users get it, for the packages' tests (npm run test:packages): every public
// package published once per run by `npm run release` to a registry of the run's own
// (support/registry.ts), and installed from it once per route, however many test files use the
// install. npm finds the registry by its own configuration alone (npm_config_userconfig); its
// cache is the machine's, so a package fetched once is not fetched again.
import { execFileSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Run, type RunOptions, runProgram, tempDir } from '@warehouse-kit/testing';
import { installedPackages, sizeOf } from '../../src/install.js';
import { ROOT } from '../../src/workspace.js';
import { type Registry, startRegistry } from './registry.js';

export interface Published {
  registry: Registry;
  /** What `npm run release` printed. */
  release: Run;
  /** The environment of a user whose npm is configured for the registry, `extra` added. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Runs a command line in bash as that user, in `cwd`, the global prefix's commands on the PATH. */
  sh(line: string, cwd: string, options?: RunOptions): Promise<Run>;
}

const machineCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();

let publishing: Promise<Published> | undefined;

/** The registry with the kit released to it, as `npm run release` releases it. */
export function published(): Promise<Published> {
  publishing ??= (async () => {
    const registry = await startRegistry();
    const env = (extra: Record<string, string> = {}) => ({
      PATH: `${join(registry.prefix, 'bin')}:${process.env.PATH}`,
      npm_config_userconfig: registry.userconfig,
      npm_config_cache: machineCache,
      npm_config_update_notifier: 'false',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      ...extra,
    });
    const sh = (line: string, cwd: string, options: RunOptions = {}) =>
      runProgram('bash', ['-c', line], { ...options, cwd, env: env(options.env as Record<string, string>) });
    const release = await sh('npm run release', ROOT);
    if (release.code !== 0) throw new Error(`npm run release failed:\n${release.stdout}\n${release.stderr}`);
    return { registry, release, env, sh };
  })();
  return publishing;
}

// The run's registry stops with the run: the packages' tests run in one process, one file after
// the other (.mocharc.packages.json runs them serially), so this hook on the root suite runs once,
// after the last.
after(async () => {
  if (publishing) await (await publishing).registry.stop();
});

/** An install of a package, and what it holds. */
export interface Installed {
  /** The project folder, or the global prefix. */
  folder: string;
  /** The node_modules that holds the package's dependencies. */
  nodeModules: string;
  /** Every package of the install, nested ones included, the package itself among them for a global install. */
  packages: string[];
  /** The bytes of every file the install wrote (the package's own folder too, for a global one). */
  bytes: number;
  /** A program the install put on the PATH: node_modules/.bin, or the prefix's bin. */
  bin(name: string): string;
  /** Runs a Node script in the install's folder, as a user's code would. */
  node(args: string[]): string;
}

/** A new project as `npm init -y` makes one, in a folder of the run's that the postgres system user can pass through. */
export async function newProjectFolder(kit: Published): Promise<string> {
  const folder = tempDir('wh-project-');
  chmodSync(folder, 0o755);
  const init = await kit.sh('npm init -y', folder);
  if (init.code !== 0) throw new Error(`npm init -y failed: ${init.stderr}`);
  return folder;
}

/** What an install by `line` (run in `folder`) holds: `names` into a project, or one package globally. */
export function installOf(kit: Published, folder: string, names: string[], global: boolean): Installed {
  const { prefix } = kit.registry;
  const packageFolder = join(prefix, 'lib/node_modules', names[0]!);
  const nodeModules = global ? join(packageFolder, 'node_modules') : join(folder, 'node_modules');
  return {
    folder: global ? prefix : folder,
    nodeModules,
    packages: [...(global ? names : []), ...installedPackages(nodeModules)],
    bytes: sizeOf(global ? packageFolder : nodeModules),
    bin: (name) => (global ? join(prefix, 'bin', name) : join(folder, 'node_modules/.bin', name)),
    node: (args) => execFileSync(process.execPath, args, { cwd: folder, encoding: 'utf8', env: kit.env() }),
  };
}

const installs = new Map<string, Promise<Installed>>();

/** `name` installed from the registry, into a new project (`npm install <name>`) or globally (`npm install -g <name>`). */
export function installed(name: string, route: { global?: boolean } = {}): Promise<Installed> {
  const key = `${name} ${route.global ? '-g' : ''}`;
  let done = installs.get(key);
  if (!done) {
    done = (async () => {
      const kit = await published();
      const folder = await newProjectFolder(kit);
      const line = `npm install ${route.global ? '-g ' : ''}${name}`;
      const run = await kit.sh(line, folder);
      if (run.code !== 0) throw new Error(`${line} failed:\n${run.stderr}`);
      return installOf(kit, folder, [name], !!route.global);
    })();
    installs.set(key, done);
  }
  return done;
}

/** The conformance profile of the demo an installed wh-server serves on `port`, as deployment.yaml in `folder`. */
export async function writeDemoProfile(kit: Published, folder: string, port: number): Promise<string> {
  const server = await installed('@warehouse-kit/server', { global: true });
  const profile = await runProgram(
    server.bin('wh-server'),
    ['profile', '--demo', '--base-url-template', `http://{subdomain}.localhost:${port}`],
    { env: kit.env() },
  );
  if (profile.code !== 0) throw new Error(`wh-server profile failed: ${profile.stderr}`);
  const file = join(folder, 'deployment.yaml');
  writeFileSync(file, profile.stdout);
  return file;
}
