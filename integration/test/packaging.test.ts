// Each public package as its users get it: packed as `npm run pack-all` packs it (and
// `npm publish` would ship it), installed alone by every route the README documents (into a
// project, globally with and without --omit=dev, through npx), and then used for real against a
// reference server. The budgets of the packages issue are checked on those installs.

import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { createClient, unwrap } from '@warehouse-kit/sdk';
import { startChildServer, stopChildServer } from '@warehouse-kit/server/testing';
import { type RunOptions, runProgram, tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { forbidden, type Installed, MB, SERVER_ONLY, sizeOf, TEST_FRAMEWORKS } from '../src/install.js';
import { ROOT } from '../src/pack.js';
import { startDeployment, type TestDeployment } from './support/deployment.js';
import { installed, packed } from './support/installs.js';

const REPOSITORY_TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

/** The status and body of a GET, without the SDK. */
function getJson(url: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    }).on('error', reject);
  });
}

/** Writes `files` (path relative to `folder` → content) and returns the folder. */
function writeProject(folder: string, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), content);
  }
  return folder;
}

describe('packages as their users install them', function () {
  // npm installs from its cache or the registry; this is the suite's slowest part.
  this.timeout(180_000);
  let deployment: TestDeployment;
  /** The organization interface of the deployment's organization, and its admin token. */
  let organization: { url: string; token: string };

  before(async () => {
    packed();
    deployment = await startDeployment(1);
    const id = deployment.ids[0]!;
    organization = { url: `http://${id}.localhost:${deployment.server.port}`, token: `${id}-admin-token` };
  });
  after(() => deployment.stop());

  it('packs every public package at the one version of the repository', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(Object.keys(packed())).to.have.members([
      '@warehouse-kit/spec',
      '@warehouse-kit/fuzz',
      '@warehouse-kit/sdk',
      '@warehouse-kit/conformance',
      '@warehouse-kit/whctl',
      '@warehouse-kit/server',
    ]);
    for (const item of Object.values(packed())) expect(item.version, item.name).to.equal(version);
  });

  it('ships compiled code, type declarations, a README and a LICENSE, and no tests, sources or maps', () => {
    for (const item of Object.values(packed())) {
      const files = execFileSync('tar', ['tzf', item.tarball], { encoding: 'utf8' }).trim().split('\n');
      const own = files.filter((file) => !file.includes('/node_modules/'));
      expect(own, item.name).to.include.members(['package/package.json', 'package/README.md', 'package/LICENSE']);
      expect(
        own.some((file) => file.endsWith('.d.ts')),
        `${item.name} has type declarations`,
      ).to.equal(true);
      const unwanted = files.filter((file) => /\/test\/|\.map$|\.tsbuildinfo$|(?<!\.d)\.ts$/.test(file));
      expect(unwanted, item.name).to.deep.equal([]);
    }
  });

  it('bundles the internal packages each one needs, declared by the outer manifest alone', () => {
    const { sdk, whctl, server } = {
      sdk: packed()['@warehouse-kit/sdk'],
      whctl: packed()['@warehouse-kit/whctl'],
      server: packed()['@warehouse-kit/server'],
    };
    expect(sdk.bundled).to.deep.equal(['@warehouse-kit/spec']);
    expect(whctl.bundled).to.have.members([
      '@warehouse-kit/conformance',
      '@warehouse-kit/fuzz',
      '@warehouse-kit/sdk',
      '@warehouse-kit/spec',
    ]);
    expect(server.bundled).to.deep.equal(['@warehouse-kit/spec']);
    // npm takes a bundled package's dependencies to be in the bundle: a global install would leave them empty.
    const manifest = (path: string) =>
      JSON.parse(execFileSync('tar', ['xzf', whctl.tarball, '-O', path], { encoding: 'utf8' })) as Record<
        string,
        Record<string, string> | undefined
      >;
    for (const inner of whctl.bundled) {
      const bundled = manifest(`package/node_modules/${inner}/package.json`);
      expect([bundled.dependencies, bundled.peerDependencies], inner).to.deep.equal([undefined, undefined]);
    }
    expect(manifest('package/package.json').dependencies).to.include.keys(
      '@warehouse-kit/spec',
      'openapi-fetch',
      'ajv',
      'luxon',
    );
  });

  describe('the SDK, for integrators', () => {
    let sdk: Installed;
    before(() => (sdk = installed('@warehouse-kit/sdk')));

    it('installs alone into at most 10 MB, without the server, its database, a test framework or commander', () => {
      expect(sizeOf(sdk.nodeModules) / MB).to.be.at.most(10);
      expect(forbidden(sdk.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, 'commander'])).to.deep.equal([]);
    });

    it('calls the API from an ES module and from CommonJS (require)', () => {
      const env = { ...process.env, WH_BASE_URL: organization.url, WH_TOKEN: organization.token };
      const call =
        'const client = sdk.createClient({ baseUrl: process.env.WH_BASE_URL, token: process.env.WH_TOKEN }); ' +
        'client.GET("/locations").then(({ data }) => console.log(data.map((l) => l.name).join(", ")))';
      const names = 'Auckland DC, Toronto DC, Vancouver DC\n';
      expect(
        sdk.node(['--input-type=module', '-e', `import * as sdk from "@warehouse-kit/sdk"; ${call}`], env),
      ).to.equal(names);
      // require() of an ES module, which Node has done without a flag since 20.19.
      expect(sdk.node(['-e', `const sdk = require("@warehouse-kit/sdk"); ${call}`], env)).to.equal(names);
    });

    it('builds and runs a new TypeScript project set up as sdk/README.md says, ES module and CommonJS, typed by the contract', () => {
      // sdk/README.md's `npm install -D typescript @types/node@20`; TypeScript is the repository's own.
      execFileSync('npm', ['install', '-D', '--prefer-offline', '--no-audit', '--no-fund', '@types/node@20'], {
        cwd: sdk.folder,
        stdio: 'pipe',
      });
      const tsconfig = `${JSON.stringify({
        compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, skipLibCheck: true, outDir: 'dist' },
        include: ['src'],
      })}\n`;
      const listLocations =
        'const client = createClient({ baseUrl: process.env.WH_BASE_URL!, token: process.env.WH_TOKEN! });\n' +
        "const locations = await unwrap(client.GET('/locations'));\n" +
        "console.log(locations.map((location) => location.name).join(', '));\n";
      const imports = "import { createClient, unwrap } from '@warehouse-kit/sdk';\n\n";
      const typed = [
        "import { createClient, type Schema } from '@warehouse-kit/sdk';",
        "const client = createClient({ baseUrl: 'https://acme.example.com', token: 'token' });",
        "export async function first(): Promise<Schema<'PurchaseOrder'> | undefined> {",
        "  const { data } = await client.GET('/purchase_orders', { params: { query: { po_number: 'PO-1' } } });",
        '  return data?.[0];',
        '}',
        '// @ts-expect-error: the contract has no such path',
        "client.GET('/warehouses');",
      ].join('\n');
      const projects = {
        esm: {
          'package.json': '{ "type": "module" }\n',
          'src/index.ts': imports + listLocations,
          'src/typed.ts': typed,
        },
        // No top-level await in CommonJS: the same lines in an async function.
        cjs: {
          'package.json': '{ "type": "commonjs" }\n',
          'src/index.ts': `${imports}async function main(): Promise<void> {\n${listLocations}}\nmain();\n`,
        },
      };
      const env = { ...process.env, WH_BASE_URL: organization.url, WH_TOKEN: organization.token };
      const folders = Object.entries(projects).map(([kind, files]) =>
        writeProject(join(sdk.folder, kind), { ...files, 'tsconfig.json': tsconfig }),
      );
      // The repository's own TypeScript, run in the consumer's folder: it sees only what the install holds.
      execFileSync(process.execPath, [REPOSITORY_TSC, '-b', ...folders], { encoding: 'utf8' });
      for (const kind of Object.keys(projects)) {
        const folder = join(sdk.folder, kind);
        const compiled = readFileSync(join(folder, 'dist/index.js'), 'utf8');
        expect(compiled, kind).to.include(
          kind === 'cjs' ? 'require("@warehouse-kit/sdk")' : "from '@warehouse-kit/sdk'",
        );
        expect(sdk.node([join(folder, 'dist/index.js')], env), kind).to.equal(
          'Auckland DC, Toronto DC, Vancouver DC\n',
        );
      }
    });
  });

  describe('whctl with the conformance suite, for ops and vendors', () => {
    /** Runs whctl against the deployment's organization, with a fresh home (no config file). */
    const against = (options: RunOptions = {}): RunOptions => ({
      ...options,
      env: { WHCTL_BASE_URL: organization.url, WHCTL_TOKEN: organization.token, ...options.env },
    });
    const skus = (stdout: string) => (JSON.parse(stdout) as { sku: string }[]).map((product) => product.sku).sort();
    const catalogue = ['APL-001', 'APL-001', 'BAN-001'];

    const routes = {
      'npm install -g': { global: true },
      'npm install -g --omit=dev': { global: true, omitDev: true },
      'npm install (into a project)': {},
    };
    for (const [title, route] of Object.entries(routes)) {
      it(`lists a deployment's products after ${title}, without the server or its database installed`, async () => {
        const whctl = installed('@warehouse-kit/whctl', route);
        expect(forbidden(whctl.packages, SERVER_ONLY)).to.deep.equal([]);
        const run = await runProgram(whctl.bin('whctl'), ['products', 'list', '-o', 'json'], against());
        expect(run.code, run.stderr).to.equal(0);
        expect(skus(run.stdout)).to.deep.equal(catalogue);
      });
    }

    it('lists them through npx from the tarball, as `npx @warehouse-kit/whctl` will from the registry', async () => {
      const { tarball } = packed()['@warehouse-kit/whctl'];
      // npx keeps what it installs in the npm cache, so it needs the user's home.
      const options = against({ cwd: tempDir('wh-npx-'), env: { HOME: process.env.HOME } });
      const run = await runProgram(
        'npx',
        ['--yes', '--prefer-offline', '--package', tarball, 'whctl', 'products', 'list', '-o', 'json'],
        options,
      );
      expect(run.code, run.stderr).to.equal(0);
      expect(skus(run.stdout)).to.deep.equal(catalogue);
    });

    it('runs conformance checks from the bundled suite against the deployment', async () => {
      const whctl = installed('@warehouse-kit/whctl', { global: true });
      const version = await runProgram(whctl.bin('whctl'), ['--version']);
      expect(version.stdout.trim()).to.equal(packed()['@warehouse-kit/whctl'].version);
      const profile = deployment.profile(deployment.ids[0]!);
      const run = await runProgram(whctl.bin('whctl'), [
        'conformance',
        'run',
        '--profile',
        profile,
        '--checks',
        'status-codes',
        '--grep',
        'token_rejected',
      ]);
      expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
      expect(run.stdout).to.include('missing_token_rejected').and.include('2 passing').and.not.include('failing');
    });
  });

  describe('the conformance suite as a library, and the contract', () => {
    it('installs the suite alone without the server or its database, and lists its checks', () => {
      const suite = installed('@warehouse-kit/conformance');
      expect(forbidden(suite.packages, SERVER_ONLY)).to.deep.equal([]);
      const count = suite.node([
        '--input-type=module',
        '-e',
        'const { catalogue } = await import("@warehouse-kit/conformance"); console.log(catalogue().length)',
      ]);
      expect(Number(count)).to.be.greaterThan(100);
    });

    it('installs the contract alone with its types and its reading of input times', () => {
      const spec = installed('@warehouse-kit/spec');
      expect(forbidden(spec.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, 'ajv', 'yaml'])).to.deep.equal([]);
      const script =
        'const { resolveInputTime } = await import("@warehouse-kit/spec"); ' +
        'console.log(resolveInputTime("2026-03-08T02:30:00", "America/Toronto").toISO())';
      expect(spec.node(['--input-type=module', '-e', script])).to.equal('2026-03-08T03:30:00.000-04:00\n');
    });
  });

  describe('the reference server, for whoever runs it', () => {
    it('serves the demo on its embedded PostgreSQL after npm install -g, even when no install script ran', async () => {
      // As npm 12 installs by default: the binaries package's script that links PostgreSQL's libraries does not
      // run, and wh-server links them itself.
      const server = installed('@warehouse-kit/server', { global: true, ignoreScripts: true });
      const dataDir = tempDir('wh-data-');
      // Reachable by the postgres system user, so the cluster stays in it and goes with it.
      chmodSync(dataDir, 0o755);
      const env = { PATH: process.env.PATH, HOME: tempDir('wh-home-'), WH_DATA_DIR: dataDir, WH_LOG_LEVEL: 'info' };
      const { child, port, output } = await startChildServer(['--demo'], env, { bin: server.bin('wh-server') });
      try {
        expect(output()).to.include('shared libraries of the embedded PostgreSQL').and.include(dataDir);
        expect(await getJson(`http://127.0.0.1:${port}/readyz`)).to.deep.equal({
          status: 200,
          body: { status: 'ready' },
        });
        const client = createClient({ baseUrl: `http://acme.localhost:${port}`, token: 'acme-admin-token' });
        const locations = await unwrap(client.GET('/locations'));
        expect(locations.map((location) => location.name)).to.include('Toronto DC');
      } finally {
        expect(await stopChildServer(child)).to.equal(0);
      }
    });
  });
});
