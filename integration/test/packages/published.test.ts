// Each public package as its users get it (issue 47, DECISIONS 483–485): released by `npm run
// release` to a registry of the run's own (support/registry.ts), then every command of the
// README's install table and of the guides' and packages' READMEs that installs from a
// registry, run as printed, with npm's own configuration naming that registry. The installs are
// used for real: the reference server installed with -g serves its demo, whctl and the SDK call
// it, the vendor's npx run checks it, and a new TypeScript project compiles and runs the SDK's
// README example. Each route's installed size is measured: the SDK's is held to 1.5 MB, and the
// README's table must give what was measured.

import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { createClient, unwrap } from '@warehouse-kit/sdk';
import { runProgram, tempDir } from '@warehouse-kit/testing';
import { type ChildServer, startChildServer, stopChildServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse } from 'yaml';
import { forbidden, installedPackages, MB, SERVER_ONLY, sizeOf, TEST_FRAMEWORKS } from '../../src/install.js';
import { manifestOf, PUBLIC_PACKAGES, ROOT } from '../../src/workspace.js';
import { startDeployment, type TestDeployment } from '../support/deployment.js';
import {
  type Installed,
  installed,
  installOf,
  newProjectFolder,
  type Published,
  published,
  writeDemoProfile,
} from '../support/installs.js';
import { section } from '../support/markdown.js';
import { documentationFiles, shellBlocks } from '../support/markdown-commands.js';
import { type ModuleKind, type NewProject, newProject } from '../support/new-project.js';

/** The SDK's install budget (issue 47). */
const SDK_BUDGET_MB = 1.5;
/**
 * How far a size or a count of packages the README gives may be from the one measured before the
 * table needs updating: a dependency's new release may add a package or some bytes.
 */
const TABLE_TOLERANCE = 0.1;

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

/** A row of the README's install table: the command it prints and the size it gives. */
interface TableRow {
  command: string;
  /** The "Installed" cell: `1.2 MB, 6 packages`. */
  installed: string;
}

/** The README's install table, by the commands in its Install column. */
function installTable(): TableRow[] {
  const install = section(readFileSync(join(ROOT, 'README.md'), 'utf8'), '## Install what you need');
  const rows = install.text.split('\n').filter((line) => line.startsWith('|') && line.includes('@warehouse-kit/'));
  return rows.map((row) => {
    const cells = row.split('|').map((cell) => cell.trim());
    const command = /`((?:npm|npx) [^`]*@warehouse-kit\/[^`]*)`/.exec(cells[2] ?? '')?.[1];
    if (!command) throw new Error(`README.md: an install table row without a command: ${row}`);
    return { command, installed: cells[4] ?? '' };
  });
}

/** What an install weighs, as the README's table gives it. */
interface Weight {
  bytes: number;
  packages: number;
}

/** The one folder npx made in a fresh cache: its install of what it ran. */
function npxInstall(cache: string): string {
  const [hash, ...more] = readdirSync(join(cache, '_npx'));
  expect(more, 'npx installed one thing').to.deep.equal([]);
  return join(cache, '_npx', hash!, 'node_modules');
}

describe('the kit from a registry, as its users install it', function () {
  // npm installs through the run's registry, which fetches what it has not seen from the machine's.
  this.timeout(900_000);
  let kit: Published;
  let demo: ChildServer;
  /** The demo's organization interface and its admin token, as npm start prints them. */
  const acme = () => ({ url: `http://acme.localhost:${demo.port}`, token: 'acme-admin-token' });
  const measured = new Map<string, Weight>();
  const weigh = (command: string, done: Pick<Installed, 'bytes' | 'packages'>) =>
    measured.set(command, { bytes: done.bytes, packages: done.packages.length });

  before(async () => {
    kit = await published();
    // The reference server as an operator installs it, serving its demo on its embedded PostgreSQL.
    const server = await installed('@warehouse-kit/server', { global: true });
    const dataDir = tempDir('wh-data-');
    // Reachable by the postgres system user, so the cluster stays in it and goes with it.
    chmodSync(dataDir, 0o755);
    demo = await startChildServer(['--demo'], kit.env({ WH_DATA_DIR: dataDir, WH_LOG_LEVEL: 'info' }), {
      bin: server.bin('wh-server'),
    });
  });
  after(async () => {
    if (demo) expect(await stopChildServer(demo.child)).to.equal(0);
  });

  describe('npm run release', () => {
    it('publishes every public package alone, at its own version, with semver ranges on the kit packages it needs', async () => {
      for (const [name, folder] of Object.entries(PUBLIC_PACKAGES)) {
        const { version } = manifestOf(folder);
        expect(kit.release.stdout, name).to.include(`release: published ${name}@${version}`);
        const view = await kit.sh(`npm view ${name}@${version} --json`, ROOT);
        // npm 11 prints the version's manifest; npm 12 a list of the versions matched, here one.
        const shown = [JSON.parse(view.stdout)].flat()[0] as {
          version: string;
          dependencies?: Record<string, string>;
          bundleDependencies?: string[];
        };
        expect(shown, `${name}: ${view.stdout}`).to.be.an('object');
        expect(shown.version, name).to.equal(version);
        expect(shown.bundleDependencies ?? [], name).to.deep.equal([]);
        for (const [sibling, range] of Object.entries(shown.dependencies ?? {}).filter(([dependency]) =>
          dependency.startsWith('@warehouse-kit/'),
        ))
          expect(range, `${name} on ${sibling}`).to.equal(`^${manifestOf(PUBLIC_PACKAGES[sibling]!).version}`);
      }
    });

    it('ships compiled code, type declarations, a README and a LICENSE, and no tests, sources, maps or other package', async () => {
      for (const [name, folder] of Object.entries(PUBLIC_PACKAGES)) {
        const packed = await kit.sh(
          `npm pack ${name}@${manifestOf(folder).version} --dry-run --json`,
          tempDir('wh-pack-'),
        );
        // npm 11 prints a list of the packages packed; npm 12 an object of them by name.
        const { files } = Object.values(JSON.parse(packed.stdout))[0] as { files: { path: string }[] };
        const paths = files.map((file) => file.path);
        expect(paths, name).to.include.members(['package.json', 'README.md', 'LICENSE']);
        expect(
          paths.some((path) => path.endsWith('.d.ts')),
          `${name} has type declarations`,
        ).to.equal(true);
        const unwanted = paths.filter((path) =>
          /node_modules\/|(^|\/)test\/|\.map$|\.tsbuildinfo$|(?<!\.d)\.ts$/.test(path),
        );
        expect(unwanted, name).to.deep.equal([]);
      }
    });

    it('publishes nothing twice when run again', async () => {
      const again = await kit.sh('npm run release', ROOT);
      expect(again.code, again.stderr).to.equal(0);
      expect(again.stdout).to.include('release: 0 package(s) published');
      for (const name of Object.keys(PUBLIC_PACKAGES)) expect(again.stdout).to.include(`${name}@`);
    });
  });

  describe("the README's install table, each command as printed", () => {
    const rows = installTable();

    it('gives a command for each kind of user, and the SDK and the suite together', () => {
      expect(rows.map((row) => row.command)).to.have.members([
        'npm install @warehouse-kit/sdk',
        'npm install -g @warehouse-kit/whctl',
        'npx --yes @warehouse-kit/whctl conformance run --deployment deployment.yaml',
        'npm install @warehouse-kit/conformance',
        'npm install -g @warehouse-kit/server',
      ]);
    });

    it(`npm install @warehouse-kit/sdk: at most ${SDK_BUDGET_MB} MB, the contract's types and no tooling, from ES modules and CommonJS`, async () => {
      const sdk = await installed('@warehouse-kit/sdk');
      weigh('npm install @warehouse-kit/sdk', sdk);
      expect(sdk.bytes / MB).to.be.at.most(SDK_BUDGET_MB);
      const tooling = ['commander', 'luxon', 'undici', 'ajv', 'yaml', '@warehouse-kit/contract-diff', '@types/'];
      expect(forbidden(sdk.packages, [...SERVER_ONLY, ...TEST_FRAMEWORKS, ...tooling])).to.deep.equal([]);
      expect(sdk.packages.filter((name) => name === '@warehouse-kit/spec')).to.have.length(1);
      const call =
        `const client = sdk.createClient({ baseUrl: '${acme().url}', token: '${acme().token}' }); ` +
        'client.GET("/locations").then(({ data }) => console.log(data.map((l) => l.name).join(", ")))';
      const names = 'Auckland DC, Toronto DC, Vancouver DC\n';
      expect(sdk.node(['--input-type=module', '-e', `import * as sdk from "@warehouse-kit/sdk"; ${call}`])).to.equal(
        names,
      );
      // require() of an ES module, which Node has done without a flag since 20.19.
      expect(sdk.node(['-e', `const sdk = require("@warehouse-kit/sdk"); ${call}`])).to.equal(names);
    });

    it('npm install @warehouse-kit/conformance, beside the SDK: one copy of the SDK, and the suite lists its checks', async () => {
      const folder = await newProjectFolder(kit);
      for (const line of ['npm install @warehouse-kit/sdk', 'npm install @warehouse-kit/conformance']) {
        const run = await kit.sh(line, folder);
        expect(run.code, run.stderr).to.equal(0);
      }
      const both = installOf(kit, folder, ['@warehouse-kit/sdk', '@warehouse-kit/conformance'], false);
      weigh('npm install @warehouse-kit/conformance', both);
      expect(both.packages.filter((name) => name === '@warehouse-kit/sdk')).to.have.length(1);
      // As npm sees the tree: the project's SDK, which the suite's dependency on it resolves to.
      const ls = await kit.sh('npm ls @warehouse-kit/sdk --all --parseable', folder);
      expect(ls.code, ls.stderr).to.equal(0);
      const copies = new Set(ls.stdout.split('\n').filter((path) => path.endsWith('@warehouse-kit/sdk')));
      expect([...copies]).to.deep.equal([join(folder, 'node_modules/@warehouse-kit/sdk')]);
      expect(forbidden(both.packages, SERVER_ONLY)).to.deep.equal([]);
      const count = both.node([
        '--input-type=module',
        '-e',
        'const { catalogue } = await import("@warehouse-kit/conformance"); console.log(catalogue().length)',
      ]);
      expect(Number(count)).to.be.greaterThan(100);
    });

    it("npm install -g @warehouse-kit/whctl: whctl on the PATH, without the server or its database, lists the demo's products", async () => {
      const whctl = await installed('@warehouse-kit/whctl', { global: true });
      weigh('npm install -g @warehouse-kit/whctl', whctl);
      expect(forbidden(whctl.packages, SERVER_ONLY)).to.deep.equal([]);
      const version = await runProgram('whctl', ['--version'], { env: kit.env() });
      expect(version.stdout.trim()).to.equal(manifestOf(PUBLIC_PACKAGES['@warehouse-kit/whctl']!).version);
      const list = await runProgram('whctl', ['products', 'list', '-o', 'json'], {
        env: kit.env({ WHCTL_BASE_URL: acme().url, WHCTL_TOKEN: acme().token }),
      });
      expect(list.code, list.stderr).to.equal(0);
      expect((JSON.parse(list.stdout) as { sku: string }[]).length).to.be.greaterThan(0);
    });

    it('npm install -g @warehouse-kit/server: wh-server on the PATH, serving its demo, even where no install script ran', async () => {
      const server = await installed('@warehouse-kit/server', { global: true });
      weigh('npm install -g @warehouse-kit/server', server);
      // npm 12 runs no dependency's install script unless allowed; wh-server links PostgreSQL's libraries itself then.
      expect(demo.output()).to.include(' listening on ');
      expect(await getJson(`http://127.0.0.1:${demo.port}/readyz`)).to.deep.equal({
        status: 200,
        body: { status: 'ready' },
      });
      const client = createClient({ baseUrl: acme().url, token: acme().token });
      expect((await unwrap(client.GET('/locations'))).map((location) => location.name)).to.include('Toronto DC');
      // The profile of the demo it ships, as the checkout prints it of demo.yaml.
      const template = ['--base-url-template', 'http://{subdomain}.localhost:3000'];
      const printed = await runProgram(server.bin('wh-server'), ['profile', '--demo', ...template], { env: kit.env() });
      expect(printed.code, printed.stderr).to.equal(0);
      const [header, ...profile] = printed.stdout.split('\n');
      expect(header).to.equal('# Conformance profile for the bundled demo, printed by wh-server profile');
      expect(parse(profile.join('\n'))).to.deep.include({ organization: 'http://acme.localhost:3000' });
      const checkout = await runProgram(process.execPath, [
        join(ROOT, 'server/bin/wh-server.js'),
        'profile',
        join(ROOT, 'server/demo.yaml'),
        ...template,
      ]);
      expect(checkout.stdout.split('\n').slice(1)).to.deep.equal(profile);
    });

    it('npx --yes @warehouse-kit/whctl conformance run --deployment deployment.yaml: the whole suite passes against the demo, nothing installed', async () => {
      const command = 'npx --yes @warehouse-kit/whctl conformance run --deployment deployment.yaml';
      const folder = tempDir('wh-vendor-');
      await writeDemoProfile(kit, folder, demo.port);
      // As on a vendor's CI machine: a cache of its own, so what npx installed can be weighed, and
      // no whctl installed globally, which npx would run instead of installing (the table's -g
      // install is in the run's prefix).
      const cache = tempDir('wh-npx-cache-');
      const env = { npm_config_cache: cache, npm_config_prefix: tempDir('wh-npx-prefix-') };
      // As printed, on a machine where npx may not ask whether to install (npm_config_yes=false).
      const run = await kit.sh(command, folder, { env: { ...env, npm_config_yes: 'false' } });
      expect(run.code, `${run.stdout}\n${run.stderr}`).to.equal(0);
      expect(run.stdout)
        .to.match(/\d+ passing/)
        .and.not.match(/\d+ failing/);
      const nodeModules = npxInstall(cache);
      const packages = installedPackages(nodeModules);
      expect(forbidden(packages, SERVER_ONLY)).to.deep.equal([]);
      weigh(command, { bytes: sizeOf(nodeModules), packages });
    });

    it("gives each route's measured size in the Installed column", () => {
      const table = rows.map(({ command, installed: given }) => {
        const weight = measured.get(command);
        if (!weight) throw new Error(`${command} was not measured: its test failed`);
        const mb = Number(/([\d.]+) MB/.exec(given)?.[1]);
        const packages = Number(/(\d+) packages/.exec(given)?.[1]);
        return {
          command,
          given,
          measured: `${(weight.bytes / MB).toFixed(2)} MB, ${weight.packages} packages`,
          mb,
          packages,
          weight,
        };
      });
      console.log(table.map((row) => `      ${row.command}: ${row.measured} (README: ${row.given})`).join('\n'));
      for (const row of table) {
        expect(
          Math.abs(row.mb * MB - row.weight.bytes) / row.weight.bytes,
          `${row.command}: ${row.measured}`,
        ).to.be.at.most(TABLE_TOLERANCE);
        expect(
          Math.abs(row.packages - row.weight.packages) / row.weight.packages,
          `${row.command}: ${row.measured}`,
        ).to.be.at.most(TABLE_TOLERANCE);
      }
    });
  });

  describe('every other command of the documentation that installs from the registry, as printed', () => {
    const REGISTRY = /^(npm install( -g)?|npx --yes) (.* )?@warehouse-kit\//;
    /** Lines a reader completes before running: `WH_TOKEN=...`. */
    const PLACEHOLDER = /\.\.\.(\s|'|$)/;
    const readmeCommands = new Set(installTable().map((row) => row.command));
    const blocks = documentationFiles(ROOT)
      .flatMap((file) => shellBlocks(ROOT, file))
      .map((block) => ({
        ...block,
        commands: block.commands.filter((command) => !PLACEHOLDER.test(command.text)),
      }))
      .filter(
        (block) =>
          // The SDK's new project has a test of its own below.
          !block.commands.some((command) => command.text === 'npm init -y') &&
          block.commands.some((command) => REGISTRY.test(command.text) && !readmeCommands.has(command.text)),
      );

    it('finds them: the packages’ READMEs and the vendors’ guide', () => {
      expect(new Set(blocks.map((block) => block.file))).to.include.members([
        'spec/README.md',
        'contract-diff/README.md',
        'cli/README.md',
        'docs/vendors.md',
      ]);
    });

    for (const block of blocks) {
      const lines = block.commands.map((command) => command.text);
      it(`${block.file}:${block.line}: ${lines.join('; ')}`, async () => {
        const folder = await newProjectFolder(kit);
        await writeDemoProfile(kit, folder, demo.port);
        // A line that runs `whctl` itself reads as one whose reader installed it (the table's -g).
        if (lines.some((line) => line.startsWith('whctl '))) await installed('@warehouse-kit/whctl', { global: true });
        for (const line of lines) {
          const run = await kit.sh(line, folder, { env: { npm_config_cache: tempDir('wh-npx-cache-') } });
          expect(run.code, `${line}\n${run.stdout}\n${run.stderr}`).to.equal(0);
        }
        // What each line installed, used: its command from the PATH, or the package imported.
        const installs = lines.map((line) => /^npm install (-g )?(@warehouse-kit\/[a-z-]+)/.exec(line));
        for (const [, global, name] of installs.filter((match) => match !== null)) {
          const manifest = manifestOf(PUBLIC_PACKAGES[name!]!);
          if (global) {
            const [bin] = Object.keys(manifest.bin ?? {});
            const version = await runProgram(bin!, ['--version'], { env: kit.env() });
            expect(version.stdout.trim(), name).to.equal(manifest.version);
          } else {
            const project = installOf(kit, folder, [name!], false);
            expect(
              project.node(['--input-type=module', '-e', `await import('${name}'); console.log('loaded')`]),
            ).to.equal('loaded\n');
          }
        }
      });
    }
  });

  describe('a new TypeScript project set up as sdk/README.md says', () => {
    let project: NewProject;
    let deployment: TestDeployment;
    const organizationOf = (id: string) => ({
      url: `http://${id}.localhost:${deployment.server.port}`,
      token: `${id}-admin-token`,
    });
    before(async () => {
      project = await newProject(kit);
      // The example creates PO-2001, which an organization holds once: each build calls its own.
      deployment = await startDeployment(4);
    });
    after(() => deployment?.stop());

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
      it(`compiles the README's example in strict mode with ${title}, ES module and CommonJS, for Node and for a bundler, and runs it`, async () => {
        const tsc = project.compilers[compiler];
        const version = await runProgram(process.execPath, [tsc, '--version']);
        expect(Number(/Version (\d+)\./.exec(version.stdout)?.[1]), version.stdout).to.be.within(majors[0], majors[1]);
        const organizations = {
          esm: organizationOf(deployment.ids[2 * index]!),
          cjs: organizationOf(deployment.ids[2 * index + 1]!),
        };
        const entries = project.build(tsc, organizations);
        for (const kind of ['esm', 'cjs'] as const) {
          expect(readFileSync(entries[kind], 'utf8'), kind).to.include(loads[kind]);
          const printed = await runProgram(process.execPath, [entries[kind]], { cwd: project.folders[kind] });
          expect(printed.code, printed.stderr).to.equal(0);
          expect(printed.stdout, kind).to.match(/^\S+ PO-2001 Toronto DC$/m);
        }
      });
    });
  });
});
