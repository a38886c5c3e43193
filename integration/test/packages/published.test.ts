// Each public package as its users get it: packed as `npm run pack-all` packs it (and
// `npm publish` would ship it), installed alone by every route the README documents (into a
// project, globally with and without --omit=dev, through npx; the README's own install lines
// among them), and then used for real against a reference server, the SDK from new TypeScript
// projects set up as its README says. The budgets of the packages issue are checked on those
// installs.

import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { basename, join } from 'node:path';
import { createClient, unwrap } from '@warehouse-kit/sdk';
import { type RunOptions, runNode, runProgram, tempDir } from '@warehouse-kit/testing';
import { startChildServer, stopChildServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse } from 'yaml';
import { forbidden, type Installed, MB, SERVER_ONLY, sizeOf, TEST_FRAMEWORKS } from '../src/install.js';
import { type PackageName, PUBLIC_PACKAGES, ROOT } from '../src/pack.js';
import { startDeployment, type TestDeployment } from './support/deployment.js';
import { installed, packed } from './support/installs.js';
import { commandsOf, fencedBlocks, section } from './support/markdown.js';
import { type ModuleKind, type NewProject, newProject } from './support/new-project.js';

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

describe('packages as their users install them', function () {
  // npm installs from its cache or the registry; this is the suite's slowest part.
  this.timeout(180_000);
  let deployment: TestDeployment;
  /** The organization interface of the deployment's first organization, and its admin token. */
  let organization: { url: string; token: string };
  const organizationOf = (id: string) => ({
    url: `http://${id}.localhost:${deployment.server.port}`,
    token: `${id}-admin-token`,
  });

  before(async () => {
    packed();
    // The first organization for most tests, four more for the SDK README's example.
    deployment = await startDeployment(5);
    organization = organizationOf(deployment.ids[0]!);
  });
  after(() => deployment.stop());

  it('packs every public package at the one version of the repository', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(Object.keys(packed())).to.have.members([
      '@warehouse-kit/spec',
      '@warehouse-kit/contract-diff',
      '@warehouse-kit/fuzz',
      '@warehouse-kit/sdk',
      '@warehouse-kit/conformance',
      '@warehouse-kit/whctl',
      '@warehouse-kit/server',
    ]);
    for (const item of Object.values(packed())) expect(item.version, item.name).to.equal(version);
  });

  it('publishes each tarball by the line the README and every package manifest print (a dry run)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const line = /`(npm publish [^`]*<tarball>)`/.exec(readme)?.[1];
    expect(line, 'README.md prints no "npm publish ... <tarball>" line').to.be.a('string');
    for (const folder of Object.values(PUBLIC_PACKAGES)) {
      const { scripts } = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
      expect(scripts.prepublishOnly, folder).to.include(`${line}'`);
    }
    // As from a checkout after npm run pack-all: the tarballs in packages/.
    const checkout = tempDir('wh-publish-');
    mkdirSync(join(checkout, 'packages'));
    for (const item of Object.values(packed())) {
      copyFileSync(item.tarball, join(checkout, 'packages', basename(item.tarball)));
      const command = `${line!.replace('<tarball>', basename(item.tarball))} --dry-run`;
      const output = execFileSync('bash', ['-c', `${command} 2>&1`], {
        cwd: checkout,
        encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
      expect(output, command).to.include(`+ ${item.name}@${item.version}`);
    }
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
      '@warehouse-kit/contract-diff',
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
  });

  describe('a new TypeScript project set up as sdk/README.md says', () => {
    let project: NewProject;
    before(() => (project = newProject(packed()['@warehouse-kit/sdk'].tarball)));

    it('is an ES module project by changing the "type": "commonjs" that npm init -y writes', () => {
      expect(project.initialType).to.equal('commonjs');
      const manifest = JSON.parse(readFileSync(join(project.folders.esm, 'package.json'), 'utf8')) as { type?: string };
      expect(manifest.type).to.equal('module');
    });

    /** How each kind's compiled entry loads the SDK. */
    const loads: Record<ModuleKind, string> = {
      esm: "from '@warehouse-kit/sdk'",
      cjs: 'require("@warehouse-kit/sdk")',
    };
    const compilers = [
      { compiler: 'latest', title: 'the TypeScript `npm install -D typescript` brings (7 or later)', majors: [7, 99] },
      { compiler: '5.9', title: 'TypeScript 5.9', majors: [5, 5] },
    ] as const;
    compilers.forEach(({ compiler, title, majors }, index) => {
      it(`compiles the README's example in strict mode with ${title}, ES module and CommonJS, for Node and for a bundler, and runs it against the server`, () => {
        const tsc = project.compilers[compiler];
        const version = execFileSync(process.execPath, [tsc, '--version'], { encoding: 'utf8' });
        expect(Number(/Version (\d+)\./.exec(version)?.[1]), version).to.be.within(majors[0], majors[1]);
        // The example creates PO-2001, which an organization holds once: each run calls its own.
        const organizations = {
          esm: organizationOf(deployment.ids[1 + 2 * index]!),
          cjs: organizationOf(deployment.ids[2 + 2 * index]!),
        };
        const entries = project.build(tsc, organizations);
        for (const kind of ['esm', 'cjs'] as const) {
          expect(readFileSync(entries[kind], 'utf8'), kind).to.include(loads[kind]);
          const printed = execFileSync(process.execPath, [entries[kind]], {
            cwd: project.folders[kind],
            encoding: 'utf8',
          });
          expect(printed, kind).to.match(/^\S+ PO-2001 Toronto DC$/m);
        }
      });
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

  describe("the README's install section, which leads with what works before the packages are published", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const install = section(readme, '## Install what you need');
    const [first] = fencedBlocks(install.text, install.line);
    const lines = first ? commandsOf(first) : [];
    /** A registry install, which answers 404 until the packages are published. */
    const registry = /(npm install( -g)?|npx) @warehouse-kit\//;

    it('opens with pack-all and installs of the tarballs it writes, and gives the registry names only as they will be once published', () => {
      expect(first?.lang, 'the section opens with a sh block').to.equal('sh');
      const opening = install.text.slice(0, install.text.indexOf('```'));
      expect(opening).not.to.match(registry);
      expect(lines[0]).to.equal('npm ci && npm run pack-all');
      expect(lines.length).to.be.greaterThan(1);
      for (const line of lines.slice(1)) expect(line).to.match(/ \S*\/packages\/warehouse-kit-[a-z]+-\*\.tgz( |$)/);
      const rest = install.text.slice(install.text.indexOf('```', install.text.indexOf('```') + 3));
      expect(rest.slice(0, rest.search(registry)), 'the registry forms are introduced').to.match(/once .*published/i);
    });

    /** The packed package a README line names by the tarball's pattern, and the line with that tarball's path. */
    function tarballOf(line: string): { name: PackageName; line: string } {
      const pattern = / (\S*\/packages\/(warehouse-kit-[a-z]+)-\*\.tgz)( |$)/.exec(line);
      const item = Object.values(packed()).find(({ tarball }) => basename(tarball).startsWith(`${pattern?.[2]}-`));
      if (!pattern || !item) throw new Error(`${line}: names no tarball npm run pack-all writes`);
      return { name: item.name, line: line.replace(pattern[1]!, item.tarball) };
    }

    /** A real command from each package a README line installs, against the deployment where it has one. */
    const usedAs: Partial<Record<PackageName, (done: Installed) => string[]>> = {
      '@warehouse-kit/whctl': (done) => [done.bin('whctl'), '--version'],
      '@warehouse-kit/server': (done) => [done.bin('wh-server'), '--version'],
      '@warehouse-kit/sdk': () => [
        process.execPath,
        '--input-type=module',
        '-e',
        `import { createClient, unwrap } from '@warehouse-kit/sdk';
         const client = createClient({ baseUrl: '${organization.url}', token: '${organization.token}' });
         console.log((await unwrap(client.GET('/locations'))).length);`,
      ],
    };

    for (const line of lines.slice(1)) {
      it(`installs and runs: ${line}`, async () => {
        const { name, line: withTarball } = tarballOf(line);
        const words = withTarball.split(' ');
        if (words[0] === 'npx') {
          // npx keeps what it installs in the npm cache, so it needs the user's home; the profile is the deployment's,
          // and only the two checks of a missing or a wrong token run.
          const args = words
            .slice(1)
            .map((word) => (word === 'deployment.yaml' ? deployment.profile(deployment.ids[0]!) : word));
          const only = ['--checks', 'status-codes', '--grep', 'token_rejected'];
          // As printed, on a machine where npx may not ask whether to install (npm_config_yes=false).
          const run = await runProgram('npx', ['--prefer-offline', ...args, ...only], {
            cwd: tempDir('wh-npx-'),
            env: { HOME: process.env.HOME, npm_config_yes: 'false' },
          });
          expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
          expect(run.stdout).to.include('missing_token_rejected').and.include('2 passing').and.not.include('failing');
          return;
        }
        // The routes these tests install by: `npm install [-g] <tarball>`, nothing else on the line.
        const global = words[2] === '-g';
        expect(words, 'an install route of these tests').to.deep.equal([
          'npm',
          'install',
          ...(global ? ['-g'] : []),
          packed()[name].tarball,
        ]);
        // The server's as npm runs it here and npm 12 everywhere, without its dependencies' install scripts (none is
        // allowed): the install its demo test below starts.
        const done = installed(name, name === '@warehouse-kit/server' ? { global, ignoreScripts: true } : { global });
        const use = usedAs[name];
        if (!use) throw new Error(`no command to run from ${name}`);
        const [program, ...args] = use(done);
        const run = await runProgram(program!, args, { cwd: done.folder });
        expect(run.code, run.stderr).to.equal(0);
        expect(run.stdout.trim()).to.equal(name === '@warehouse-kit/sdk' ? '3' : packed()[name].version);
      });
    }
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

    it('prints the conformance profile of the demo it ships with wh-server profile --demo, as the checkout does of demo.yaml', async () => {
      const server = installed('@warehouse-kit/server', { global: true, ignoreScripts: true });
      const template = ['--base-url-template', 'http://{subdomain}.localhost:3000'];
      const demo = await runProgram(server.bin('wh-server'), ['profile', '--demo', ...template]);
      expect(demo.code, demo.stderr).to.equal(0);
      const [header, ...profile] = demo.stdout.split('\n');
      expect(header).to.equal('# Conformance profile for the bundled demo, printed by wh-server profile');
      expect(parse(profile.join('\n'))).to.deep.include({ organization: 'http://acme.localhost:3000' });
      const checkout = await runNode(join(ROOT, 'server/bin/wh-server.js'), [
        'profile',
        join(ROOT, 'server/demo.yaml'),
        ...template,
      ]);
      expect(checkout.stdout.split('\n').slice(1)).to.deep.equal(profile);
    });
  });
});
