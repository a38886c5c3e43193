// Each public package as its users get it: packed, then installed alone into an empty folder
// from the registry with `npm install --omit=dev ./<tarball>`, as before anything is published.
// The budgets of the packages issue are checked on that install.

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { forbidden, type Installed, installAlone, MB, SERVER_ONLY, sizeOf, TEST_FRAMEWORKS } from '../src/install.js';
import { type PackageName, type PackedPackage, packAll, ROOT } from '../src/pack.js';

const install = (packed: PackedPackage): Installed => installAlone(packed.tarball, tempDir('wh-install-'));

describe('packages as their users install them', function () {
  // npm installs from its cache or the registry; this is the suite's slowest part.
  this.timeout(180_000);
  let packed: Record<PackageName, PackedPackage>;

  before(() => {
    const all = packAll(tempDir('wh-tarballs-'));
    packed = Object.fromEntries(all.map((item) => [item.name, item])) as Record<PackageName, PackedPackage>;
  });

  it('packs every public package at the one version of the repository', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(Object.keys(packed)).to.have.members([
      '@warehouse-kit/spec',
      '@warehouse-kit/sdk',
      '@warehouse-kit/conformance',
      '@warehouse-kit/whctl',
      '@warehouse-kit/server',
    ]);
    for (const item of Object.values(packed)) expect(item.version, item.name).to.equal(version);
  });

  it('ships compiled code, type declarations, a README and a LICENSE, and no tests, sources or maps', () => {
    for (const item of Object.values(packed)) {
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

  it('bundles the internal packages each one needs, so none has to be published first', () => {
    expect(packed['@warehouse-kit/sdk'].bundled).to.deep.equal(['@warehouse-kit/spec']);
    expect(packed['@warehouse-kit/whctl'].bundled).to.have.members([
      '@warehouse-kit/conformance',
      '@warehouse-kit/sdk',
      '@warehouse-kit/spec',
    ]);
    expect(packed['@warehouse-kit/server'].bundled).to.deep.equal(['@warehouse-kit/spec']);
  });

  describe('the SDK, for integrators', () => {
    let sdk: Installed;
    before(() => (sdk = install(packed['@warehouse-kit/sdk'])));

    it('installs alone into at most 10 MB, without the server, its database, a test framework or commander', () => {
      expect(sizeOf(sdk.nodeModules) / MB).to.be.at.most(10);
      expect(forbidden(sdk.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, 'commander'])).to.deep.equal([]);
    });

    it('loads with import and with require', () => {
      expect(
        sdk.node([
          '--input-type=module',
          '-e',
          'const sdk = await import("@warehouse-kit/sdk"); console.log(typeof sdk.createClient)',
        ]),
      ).to.equal('function\n');
      // require() of an ES module, which Node has done without a flag since 20.19.
      expect(
        sdk.node([
          '-e',
          'const sdk = require("@warehouse-kit/sdk"); console.log(typeof sdk.createClient, sdk.SDK_VERSION)',
        ]),
      ).to.equal(`function ${packed['@warehouse-kit/sdk'].version}\n`);
    });

    it("types a consumer's code against the contract, and refuses a path the contract does not have", () => {
      writeFileSync(
        join(sdk.folder, 'consumer.ts'),
        [
          "import { createClient, type Schema } from '@warehouse-kit/sdk';",
          "const client = createClient({ baseUrl: 'https://acme.example.com', token: 'token' });",
          "export async function first(): Promise<Schema<'PurchaseOrder'> | undefined> {",
          "  const { data } = await client.GET('/purchase_orders', { params: { query: { po_number: 'PO-1' } } });",
          '  return data?.[0];',
          '}',
          '// @ts-expect-error: the contract has no such path',
          "client.GET('/warehouses');",
        ].join('\n'),
      );
      const options = {
        strict: true,
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        noEmit: true,
        lib: ['ES2023', 'DOM'],
        types: [],
      };
      writeFileSync(
        join(sdk.folder, 'tsconfig.json'),
        JSON.stringify({ compilerOptions: options, files: ['consumer.ts'] }),
      );
      // The repository's own TypeScript, run in the consumer's folder: it sees only what the install holds.
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', sdk.folder], {
        encoding: 'utf8',
      });
    });
  });

  describe('whctl with the conformance suite, for ops and vendors', () => {
    let whctl: Installed;
    before(() => (whctl = install(packed['@warehouse-kit/whctl'])));

    it('installs alone without the server or its database', () => {
      expect(forbidden(whctl.packages, SERVER_ONLY)).to.deep.equal([]);
    });

    it('runs whctl from the install: its version, and the conformance catalogue from the bundled suite', () => {
      expect(whctl.bin('whctl', ['--version']).trim()).to.equal(packed['@warehouse-kit/whctl'].version);
      expect(whctl.bin('whctl', ['conformance', 'list']))
        .to.include('status-codes (the API reference)')
        .and.include('missing_token_rejected');
    });

    it('runs with npx from the tarball, as `npx @warehouse-kit/whctl` will from the registry', () => {
      const output = execFileSync(
        'npx',
        ['--yes', '--package', packed['@warehouse-kit/whctl'].tarball, 'whctl', '--version'],
        { cwd: tempDir('wh-npx-'), encoding: 'utf8' },
      );
      expect(output.trim()).to.equal(packed['@warehouse-kit/whctl'].version);
    });

    it('installs globally from a checkout with `npm install -g ./cli`', () => {
      const prefix = tempDir('wh-global-');
      execFileSync('npm', ['install', '-g', '--prefix', prefix, join(ROOT, 'cli')], { stdio: 'pipe' });
      expect(execFileSync(join(prefix, 'bin', 'whctl'), ['--version'], { encoding: 'utf8' }).trim()).to.equal(
        packed['@warehouse-kit/whctl'].version,
      );
    });
  });

  describe('the conformance suite as a library, and the contract', () => {
    it('installs the suite alone without the server or its database, and lists its checks', () => {
      const suite = install(packed['@warehouse-kit/conformance']);
      expect(forbidden(suite.packages, SERVER_ONLY)).to.deep.equal([]);
      const count = suite.node([
        '--input-type=module',
        '-e',
        'const { catalogue } = await import("@warehouse-kit/conformance"); console.log(catalogue().length)',
      ]);
      expect(Number(count)).to.be.greaterThan(100);
    });

    it('installs the contract alone with its types and its reading of input times', () => {
      const spec = install(packed['@warehouse-kit/spec']);
      expect(forbidden(spec.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, 'ajv', 'yaml'])).to.deep.equal([]);
      const script =
        'const { resolveInputTime } = await import("@warehouse-kit/spec"); ' +
        'console.log(resolveInputTime("2026-03-08T02:30:00", "America/Toronto").toISO())';
      expect(spec.node(['--input-type=module', '-e', script])).to.equal('2026-03-08T03:30:00.000-04:00\n');
    });
  });

  describe('the reference server, for whoever runs it', () => {
    it('installs alone and answers wh-server --version', () => {
      const server = install(packed['@warehouse-kit/server']);
      expect(server.bin('wh-server', ['--version']).trim()).to.equal(packed['@warehouse-kit/server'].version);
    });
  });
});
