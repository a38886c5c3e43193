// Other teams' client generators, as the integrators' guide tells them to run (issue 47,
// DECISIONS 463): its section "Clients from other generators" names each generator with the
// version last checked, the lines that install and run it, and what its project needs besides
// (a configuration file, compiler options). A project is set up as sdk/README.md's "A new
// TypeScript project" says, the guide's lines run in it as written, and the client is compiled
// strict with our program for it (integration/generated-clients/<file>.ts), which calls a
// deployment.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '@warehouse-kit/testing';
import { ROOT } from '../../src/workspace.js';
import { commandsOf, fencedBlocks, section } from './markdown.js';
import { sdkProjectSetup } from './new-project.js';

const GUIDE = join(ROOT, 'docs/integrators.md');
const SECTION = '## Clients from other generators';

/**
 * By the name the guide gives each generator: our program for its client, and the package whose
 * version is the generator's (kubb's command line is @kubb/cli).
 */
const KNOWN: Record<string, { program: string; package: string }> = {
  '@hey-api/openapi-ts': { program: 'hey-api', package: '@hey-api/openapi-ts' },
  orval: { program: 'orval', package: 'orval' },
  'openapi-zod-client': { program: 'openapi-zod-client', package: 'openapi-zod-client' },
  'swagger-typescript-api': { program: 'swagger-typescript-api', package: 'swagger-typescript-api' },
  kubb: { program: 'kubb', package: '@kubb/cli' },
};

export interface Generator {
  /** The package the guide's table and heading name, e.g. `@hey-api/openapi-ts`. */
  name: string;
  /** The version the guide says it last checked. */
  checked: string;
  /** The guide's lines, in order. */
  commands: string[];
  /** A configuration file of its section (a `ts` block), named by `--config` in its lines. */
  config?: { file: string; text: string };
  /** Compiler options its section adds to tsconfig.json (`json` blocks). */
  compilerOptions: Record<string, unknown>;
  /** integration/generated-clients/<program>.ts */
  program: string;
  /** The package whose version is the generator's. */
  package: string;
}

export interface Guide {
  /** The address the guide gives for the demo, e.g. `http://localhost:3000/api/v1`. */
  demoUrl: string;
  generators: Generator[];
}

/** The guide's section, read into the generators it names. */
export function readGuide(): Guide {
  const { text, line } = section(readFileSync(GUIDE, 'utf8'), SECTION);
  const demoUrl = /\*\*`(http:\/\/localhost:3000\/api\/v1)`\*\*/.exec(text)?.[1];
  if (!demoUrl) throw new Error(`docs/integrators.md: "${SECTION}" gives no **\`http://localhost:3000/api/v1\`**`);
  const rows = [...text.matchAll(/^\| `([^`]+)` \| (\d+\.\d+\.\d+) \|/gm)].map(([, name, checked]) => ({
    name: name!,
    checked: checked!,
  }));
  const generators = rows.map(({ name, checked }) => {
    const own = section(text, `### ${name}`);
    const blocks = fencedBlocks(own.text, line + own.line - 1);
    const commands = blocks.filter((block) => block.lang === 'sh').flatMap(commandsOf);
    const configText = blocks.find((block) => block.lang === 'ts')?.body;
    const configFile = commands.join(' ').match(/--config (\S+)/)?.[1];
    if (configText !== undefined && !configFile)
      throw new Error(`docs/integrators.md: ### ${name} has a configuration but no line names it with --config`);
    const compilerOptions = Object.assign(
      {},
      ...blocks.filter((block) => block.lang === 'json').map((block) => JSON.parse(block.body) as object),
    ) as Record<string, unknown>;
    const known = KNOWN[name];
    if (!known) throw new Error(`docs/integrators.md names ${name}, for which there is no program`);
    return {
      name,
      checked,
      commands,
      ...(configText !== undefined && { config: { file: configFile!, text: `${configText}\n` } }),
      compilerOptions,
      ...known,
    };
  });
  return { demoUrl, generators };
}

const PROGRAMS_FOLDER = fileURLToPath(new URL('../../../generated-clients/', import.meta.url));
/** The kit's TypeScript, 7. */
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

function sh(command: string, cwd: string): void {
  // The npm cache before the registry; no telemetry from a generator that honours DO_NOT_TRACK.
  const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_fund: 'false', DO_NOT_TRACK: '1' };
  try {
    execFileSync('bash', ['-c', command], { cwd, env, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} failed:\n${stdout ?? ''}${stderr ?? ''}`.slice(0, 4000));
  }
}

export interface Settings {
  baseUrl: string;
  token: string;
  location: string;
  /** Starts the names of the products the program creates. */
  prefix: string;
}

export interface Built {
  /** The versions npm installed: the generator's, and the project's TypeScript. */
  versions: { generator: string; typescript: string };
  /** `node <program>` runs it. */
  program: string;
}

/** The installed version of `name` in `project`. */
function installedVersion(project: string, name: string): string {
  return (JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/**
 * A new project as sdk/README.md sets one up (without the SDK), the contract as openapi.yaml, the
 * guide's lines for `generator` run in it, and its client compiled strict with our program: by
 * the project's own `tsc` and, where that is not 7, by the kit's TypeScript 7 as well.
 */
export function buildClient(generator: Generator, spec: string, settings: Settings): Built {
  const project = tempDir(`wh-${generator.program}-`);
  const { commands, tsconfig } = sdkProjectSetup();
  for (const command of commands) sh(command, project);
  cpSync(spec, join(project, 'openapi.yaml'));
  const config = JSON.parse(tsconfig) as { compilerOptions: Record<string, unknown> };
  Object.assign(config.compilerOptions, generator.compilerOptions);
  writeFileSync(join(project, 'tsconfig.json'), `${JSON.stringify(config, null, 2)}\n`);
  if (generator.config) writeFileSync(join(project, generator.config.file), generator.config.text);
  for (const command of generator.commands) sh(command, project);
  const program = join(PROGRAMS_FOLDER, `${generator.program}.ts`);
  cpSync(program, join(project, 'src/main.ts'));
  // The scenario every program runs, and what the programs of axios clients share, beside the ones that import it.
  cpSync(join(PROGRAMS_FOLDER, 'scenario.ts'), join(project, 'src/scenario.ts'));
  if (readFileSync(program, 'utf8').includes("from './axios-answers.js'"))
    cpSync(join(PROGRAMS_FOLDER, 'axios-answers.ts'), join(project, 'src/axios-answers.ts'));
  const constants = Object.entries(settings).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
  writeFileSync(join(project, 'src/settings.ts'), `${constants.join('\n')}\n`);
  const typescript = installedVersion(project, 'typescript');
  const compilers = [join(project, 'node_modules/typescript/bin/tsc'), ...(typescript.startsWith('7.') ? [] : [TSC])];
  for (const tsc of compilers) {
    const built = spawnSync(process.execPath, [tsc, '-p', '.'], { cwd: project, encoding: 'utf8' });
    // tsc prints its diagnostics on stdout.
    if (built.status !== 0) throw new Error(`${tsc} -p . failed:\n${built.stdout}${built.stderr}`.slice(0, 6000));
  }
  return {
    versions: { generator: installedVersion(project, generator.package), typescript },
    program: join(project, 'dist/main.js'),
  };
}
