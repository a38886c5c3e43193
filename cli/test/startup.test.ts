import { createRequire } from 'node:module';
import { traceModules } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { whctl } from './support/whctl.js';

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

/** The modules of our packages a run of whctl loads, as `<package folder>/<path under dist/src>`. */
async function modulesLoadedBy(args: string[]): Promise<{ modules: string[]; stdout: string; code: number | null }> {
  const tracing = traceModules();
  const run = await whctl(args, tracing.options);
  // `file:///.../cli/dist/src/main.js` → `cli/main.js`, `.../sdk/dist/src/index.js` → `sdk/index.js`
  const modules = tracing
    .loaded()
    .map((url) => /\/([\w-]+)\/dist\/src\/(.+)$/.exec(url))
    .filter((match) => match !== null)
    .map(([, folder, path]) => `${folder}/${path}`);
  return { modules, stdout: run.stdout, code: run.code };
}

describe('whctl start-up', () => {
  it('prints the package version for --version and loads no command or SDK code', async () => {
    const { modules, stdout, code } = await modulesLoadedBy(['--version']);
    expect(code).to.equal(0);
    expect(stdout.trim()).to.equal(version);
    expect(modules).to.include('cli/main.js');
    expect(modules.filter((module) => module.startsWith('cli/commands/') || module.startsWith('sdk/'))).to.deep.equal(
      [],
    );
  });

  it('lists every command group for --help and loads no command or SDK code', async () => {
    const { modules, stdout, code } = await modulesLoadedBy(['--help']);
    expect(code).to.equal(0);
    for (const group of [
      'locations',
      'products',
      'companies',
      'appointments',
      'purchase-orders',
      'product-limits',
      'events',
      'listen',
      'webhooks',
      'api',
      'config',
      'completion',
    ]) {
      expect(stdout).to.match(new RegExp(`^  ${group} `, 'm'));
    }
    expect(stdout).to.include('--base-url').and.include('WHCTL_TOKEN').and.include('Exit status');
    expect(modules.filter((module) => module.startsWith('cli/commands/') || module.startsWith('sdk/'))).to.deep.equal(
      [],
    );
  });

  it('loads only the named group for a group command, here the products help', async () => {
    const { modules, stdout, code } = await modulesLoadedBy(['products', '--help']);
    expect(code).to.equal(0);
    expect(stdout).to.include('list').and.include('create').and.include('delete');
    const commandModules = modules.filter((module) => module.startsWith('cli/commands/'));
    expect(commandModules).to.include('cli/commands/products/index.js');
    expect(
      commandModules.filter(
        (module) => !module.startsWith('cli/commands/products/') && !module.startsWith('cli/commands/shared/'),
      ),
    ).to.deep.equal([]);
  });

  it('shows a group\'s subcommands through "whctl help <group>" too', async () => {
    const run = await whctl(['help', 'purchase-orders']);
    expect(run.code).to.equal(0);
    for (const command of [
      'list',
      'get',
      'create',
      'update',
      'delete',
      'assign',
      'move',
      'unassign',
      'booked',
      'import',
    ]) {
      expect(run.stdout).to.match(new RegExp(`^  ${command}\\b`, 'm'));
    }
  });

  it('rejects an unknown command with exit status 2 and a suggestion', async () => {
    const run = await whctl(['product', 'list']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include("unknown command 'product'").and.include('products');
    expect(run.stderr).not.to.include('    at ');
  });

  it('rejects an unknown option of a command with exit status 2', async () => {
    const run = await whctl(['products', 'list', '--colour', 'red']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/^whctl: unknown option '--colour'/);
  });

  it('shows the help and exits with status 2 when a group is given without a subcommand', async () => {
    const run = await whctl(['companies']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('Usage: whctl companies');
  });
});
