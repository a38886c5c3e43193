// Other teams' client generators, as they would run them (issue 35): pinned versions installed
// from the npm registry into a temp folder once per run, each run on the contract with its
// default settings, and the generated client compiled strict with the kit's TypeScript together
// with a short program of ours (integration/generated-clients/<name>.ts) that calls a deployment.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '@warehouse-kit/test-support';

export interface Generator {
  name: string;
  /** What `npm install` gets, pinned: the generator and what it or its client needs at run time. */
  packages: string[];
  /** The generator's command line: its bin, and its arguments for `spec` in and folder `out`. */
  command(spec: string, out: string): [bin: string, ...args: string[]];
}

export const GENERATORS: readonly Generator[] = [
  {
    name: 'hey-api',
    // Its peer typescript: npm would bring 7, whose package has no JavaScript API for it to call.
    packages: ['@hey-api/openapi-ts@0.95.0', 'typescript@5.9.3'],
    command: (spec, out) => ['openapi-ts', '-i', spec, '-o', out],
  },
  {
    name: 'orval',
    // axios for its default client; the types of axios 1.13 and later do not fit orval 7.13's code.
    packages: ['orval@7.13.0', 'axios@1.12.2'],
    command: (spec, out) => ['orval', '--input', spec, '--output', join(out, 'api.ts')],
  },
  {
    name: 'swagger-typescript-api',
    packages: ['swagger-typescript-api@13.13.0'],
    command: (spec, out) => ['swagger-typescript-api', 'generate', '-p', spec, '-o', out],
  },
  {
    name: 'openapi-zod-client',
    // Its client's runtime: Zodios on axios, parsing with zod 3.
    packages: ['openapi-zod-client@1.18.2', '@zodios/core@10.9.6', 'zod@3.25.76', 'axios@1.12.2'],
    command: (spec, out) => ['openapi-zod-client', spec, '-o', join(out, 'api.ts')],
  },
];

/**
 * The generators a run covers: all with GENERATORS=all (npm run generators); otherwise, in npm
 * test, swagger-typescript-api, whose client the spec of 1.0.0 broke (its Event type was never).
 */
export function selectedGenerators(setting = process.env.GENERATORS): readonly Generator[] {
  return setting === 'all' ? GENERATORS : GENERATORS.filter((generator) => generator.name === 'swagger-typescript-api');
}

const HARNESSES = fileURLToPath(new URL('../../../generated-clients/', import.meta.url));
const TSC = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');

function run(command: string, args: string[], cwd: string): void {
  try {
    execFileSync(command, args, { cwd, stdio: 'pipe', env: { ...process.env, npm_config_prefer_offline: 'true' } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`.slice(0, 4000));
  }
}

/** A folder with `generators` installed from the registry, one `npm install` for all. */
export function installGenerators(generators: readonly Generator[]): string {
  const folder = tempDir('wh-generators-');
  writeFileSync(join(folder, 'package.json'), '{ "private": true }\n');
  const packages = generators.flatMap((generator) => generator.packages);
  run('npm', ['install', '--engine-strict', '--no-audit', '--no-fund', ...packages], folder);
  return folder;
}

export interface Settings {
  baseUrl: string;
  token: string;
  location: string;
  /** Starts the names of the products the program creates. */
  prefix: string;
}

/**
 * Generates the client into a folder of `installed`, compiles it strict (CommonJS, as the
 * generators' extensionless imports need) with our program for it, and returns the program.
 */
export function buildClient(generator: Generator, installed: string, spec: string, settings: Settings): string {
  const folder = join(installed, generator.name);
  mkdirSync(join(folder, 'generated'), { recursive: true });
  const [bin, ...args] = generator.command(spec, join(folder, 'generated'));
  run(join(installed, 'node_modules/.bin', bin), args, installed);
  cpSync(join(HARNESSES, `${generator.name}.ts`), join(folder, 'main.ts'));
  const constants = Object.entries(settings).map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`);
  writeFileSync(join(folder, 'settings.ts'), `${constants.join('\n')}\n`);
  run(
    process.execPath,
    [
      TSC,
      '--strict',
      '--module',
      'commonjs',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--outDir',
      'dist',
      'main.ts',
    ],
    folder,
  );
  return join(folder, 'dist/main.js');
}
