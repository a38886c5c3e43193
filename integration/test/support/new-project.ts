// A new TypeScript project set up by the lines of sdk/README.md's "A new TypeScript project":
// its commands run as written in an empty folder, against the registry the kit was released to
// (support/installs.ts), its two tsconfig.json files, and its first example as the project's code. The
// README's project is an ES module; the CommonJS one beside it keeps the `"type": "commonjs"`
// that `npm init -y` wrote, as the README says. One install of the SDK serves both, and both
// compilers: the one `npm install -D typescript` brings, and the 5.9 the README offers instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { ROOT } from '../../src/workspace.js';
import type { Published } from './installs.js';
import { commandsOf, type Fenced, fencedBlocks, section } from './markdown.js';

const README = join(ROOT, 'sdk/README.md');

/** The README's example calls the demo: its address and token, replaced by the organization's a run calls. */
const EXAMPLE = { url: 'http://acme.localhost:3000', token: 'acme-admin-token' };

/** An organization interface and a token of it. */
export interface Target {
  url: string;
  token: string;
}

/** The SDK README's lines the project is made of. */
function readmeLines() {
  const readme = readFileSync(README, 'utf8');
  const setup = section(readme, '## A new TypeScript project');
  const blocks = fencedBlocks(setup.text, setup.line);
  const only = (lang: string) => blocks.filter((block) => block.lang === lang);
  const [commands] = only('sh');
  const tsconfigs = only('json').map((block) => ({ block, json: JSON.parse(block.body) as TsConfig }));
  const nodenext = tsconfigs.find(({ json }) => json.compilerOptions?.module === 'nodenext');
  const bundler = tsconfigs.find(({ json }) => json.compilerOptions?.moduleResolution === 'bundler');
  const [example] = fencedBlocks(readme).filter((block) => block.lang === 'ts');
  if (!commands || !nodenext || !bundler || !example)
    throw new Error(
      'sdk/README.md: "A new TypeScript project" needs a sh block and tsconfigs for nodenext and bundler',
    );
  return { commands: commandsOf(commands), nodenext: nodenext.block, bundler: bundler.block, example };
}

/**
 * The README's setup for a project that does not install the SDK (one for a client another
 * generator makes): its commands but the SDK's install, and its nodenext tsconfig.json.
 */
export function sdkProjectSetup(): { commands: string[]; tsconfig: string } {
  const { commands, nodenext } = readmeLines();
  return {
    commands: commands.filter((command) => !/@warehouse-kit\/sdk/.test(command)),
    tsconfig: nodenext.body,
  };
}

interface TsConfig {
  compilerOptions?: Record<string, unknown>;
}

/** The example as a module of each kind: as written for an ES module, its calls in an async function for CommonJS. */
function sources(example: Fenced, target: Target) {
  for (const text of [EXAMPLE.url, `'${EXAMPLE.token}'`])
    if (!example.body.includes(text)) throw new Error(`sdk/README.md:${example.line}: no ${text}`);
  const lines = example.body
    .replace(EXAMPLE.url, target.url)
    .replace(`'${EXAMPLE.token}'`, JSON.stringify(target.token))
    .split('\n');
  const imports = lines.filter((line) => line.startsWith('import '));
  const calls = lines.filter((line) => !line.startsWith('import '));
  return {
    esm: lines.join('\n'),
    cjs: [...imports, 'async function main(): Promise<void> {', ...calls, '}', 'main();', ''].join('\n'),
  };
}

/** Typed by the contract: a compiler that saw `any` would leave the expected error unused and fail. */
const TYPED = [
  "import { createClient, type Schema } from '@warehouse-kit/sdk';",
  "const client = createClient({ baseUrl: 'https://acme.example.com', token: 'token' });",
  "export async function first(): Promise<Schema<'PurchaseOrder'> | undefined> {",
  "  const { data } = await client.GET('/purchase_orders', { params: { query: { po_number: 'PO-1' } } });",
  '  return data?.[0];',
  '}',
  '// @ts-expect-error: the contract has no such path',
  "client.GET('/warehouses');",
  '',
].join('\n');

export type ModuleKind = 'esm' | 'cjs';

export interface NewProject {
  /** The README's project, an ES module, and the CommonJS one beside it. */
  folders: Record<ModuleKind, string>;
  /** What `type` the manifest `npm init -y` wrote said, before the README's change. */
  initialType: unknown;
  /** The compilers' `tsc` scripts: the one the README installs, and 5.9. */
  compilers: { latest: string; '5.9': string };
  /**
   * Writes the example calling `targets[kind]` into each project and builds each project under
   * both tsconfig.json files with `tsc`, in one `tsc -b` (one process: TypeScript 5.9 reads the
   * SDK's declarations once). Returns each kind's compiled entry.
   */
  build(tsc: string, targets: Record<ModuleKind, Target>): Record<ModuleKind, string>;
}

/** Sets the project up in a new folder, installing the SDK from the registry the kit was released to. */
export async function newProject(kit: Published): Promise<NewProject> {
  const sh = async (command: string, cwd: string) => {
    const run = await kit.sh(command, cwd);
    if (run.code !== 0) throw new Error(`sdk/README.md: ${command} failed:\n${run.stderr}`);
  };
  const { commands, nodenext, bundler, example } = readmeLines();
  const esm = tempDir('wh-new-project-');
  const cjs = join(esm, 'commonjs');
  const typescript59 = join(esm, 'typescript-5.9');
  let initialType: unknown;
  for (const command of commands) {
    if (command.startsWith('npm pkg set type=')) {
      // The CommonJS project keeps the manifest as `npm init -y` and the installs left it.
      const manifest = readFileSync(join(esm, 'package.json'), 'utf8');
      initialType = (JSON.parse(manifest) as { type?: unknown }).type;
      mkdirSync(cjs);
      writeFileSync(join(cjs, 'package.json'), manifest);
    } else if (/^npm install -D typescript /.test(command)) {
      // The README's other compiler, in a folder of its own so the two do not replace each other.
      mkdirSync(typescript59);
      writeFileSync(join(typescript59, 'package.json'), '{ "private": true }\n');
      await sh(command.replace('typescript ', 'typescript@5.9 '), typescript59);
    }
    await sh(command, esm);
  }
  for (const [folder, line] of [
    [cjs, 'npm pkg set type=module'],
    [typescript59, 'npm install -D typescript ...'],
  ] as const) {
    if (!existsSync(folder)) throw new Error(`sdk/README.md: the setup has no ${line} line`);
  }
  for (const folder of [esm, cjs]) {
    writeFileSync(join(folder, 'tsconfig.json'), nodenext.body);
    writeFileSync(join(folder, 'tsconfig.bundler.json'), bundler.body);
    mkdirSync(join(folder, 'src'));
    writeFileSync(join(folder, 'src/typed.ts'), TYPED);
  }
  const configs = [esm, cjs].flatMap((folder) => [
    join(folder, 'tsconfig.json'),
    join(folder, 'tsconfig.bundler.json'),
  ]);
  const tscOf = (folder: string) => join(folder, 'node_modules/typescript/bin/tsc');
  return {
    folders: { esm, cjs },
    initialType,
    compilers: { latest: tscOf(esm), '5.9': tscOf(typescript59) },
    build(tsc, targets) {
      const folders = { esm, cjs };
      for (const kind of ['esm', 'cjs'] as const) {
        rmSync(join(folders[kind], 'dist'), { recursive: true, force: true });
        writeFileSync(join(folders[kind], 'src/index.ts'), sources(example, targets[kind])[kind]);
      }
      const built = spawnSync(process.execPath, [tsc, '-b', '--force', ...configs], { encoding: 'utf8' });
      // tsc prints its diagnostics on stdout.
      if (built.status !== 0) throw new Error(`tsc -b failed:\n${built.stdout}${built.stderr}`);
      return { esm: join(esm, 'dist/index.js'), cjs: join(cjs, 'dist/index.js') };
    },
  };
}
