// The public packages packed once per test run, and each installed once per route, however
// many test files use them: packing and installing are the slowest parts of the run.
import { chmodSync } from 'node:fs';
import { tempDir } from '@warehouse-kit/testing';
import { type Installed, type InstallRoute, install } from '../../src/install.js';
import { type PackageName, type PackedPackage, packAll } from '../../src/pack.js';

let tarballs: Record<PackageName, PackedPackage> | undefined;

/** Every public package as `npm run pack-all` writes it. */
export function packed(): Record<PackageName, PackedPackage> {
  tarballs ??= Object.fromEntries(packAll(tempDir('wh-tarballs-')).map((item) => [item.name, item])) as Record<
    PackageName,
    PackedPackage
  >;
  return tarballs;
}

const installs = new Map<string, Installed>();

/** `name` installed alone into an empty folder the way `route` says. */
export function installed(name: PackageName, route: InstallRoute = {}): Installed {
  const key = JSON.stringify([name, !!route.global, !!route.omitDev, !!route.ignoreScripts]);
  let done = installs.get(key);
  if (!done) {
    const folder = tempDir('wh-install-');
    // mkdtemp makes the folder private; the embedded PostgreSQL's programs, which run as the postgres system user
    // when the tests run as root, are installed below it.
    chmodSync(folder, 0o755);
    done = install(packed()[name], folder, route);
    installs.set(key, done);
  }
  return done;
}
