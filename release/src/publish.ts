// `npm run release`: publishes every public package of the kit, each at the version its own
// package.json holds, to the registry npm is configured for (npm's own configuration: the
// project's and the user's .npmrc, npm_config_userconfig, npm_config_registry), skipping a
// version the registry has already, so a release that stopped half-way can be run again.
// A package goes out after the kit's packages it depends on (DECISIONS 483).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Workspace {
  folder: string;
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
}

const manifestOf = (folder: string): Workspace => ({
  ...JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')),
  folder,
});

/** The public packages, each after the kit's packages it depends on. */
function inOrder(): Workspace[] {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const packages = workspaces.map(manifestOf).filter((workspace) => !workspace.private);
  const ordered: Workspace[] = [];
  const visit = (workspace: Workspace) => {
    if (ordered.includes(workspace)) return;
    for (const name of Object.keys(workspace.dependencies ?? {})) {
      const sibling = packages.find((candidate) => candidate.name === name);
      if (sibling) visit(sibling);
    }
    ordered.push(workspace);
  };
  for (const workspace of packages) visit(workspace);
  return ordered;
}

/** Whether the registry has this version of the package already; throws when it cannot be asked. */
function published({ name, version }: Workspace): boolean {
  const view = spawnSync('npm', ['view', `${name}@${version}`, 'version'], { cwd: ROOT, encoding: 'utf8' });
  if (view.status === 0) return view.stdout.trim() === version;
  if (/\bE404\b/.test(view.stderr)) return false;
  throw new Error(`release: npm view ${name}@${version} failed:\n${view.stderr}`);
}

let sent = 0;
for (const workspace of inOrder()) {
  const spec = `${workspace.name}@${workspace.version}`;
  if (published(workspace)) {
    console.log(`release: ${spec} is on the registry already`);
    continue;
  }
  execFileSync('npm', ['publish', '--access', 'public'], { cwd: join(ROOT, workspace.folder), stdio: 'inherit' });
  console.log(`release: published ${spec}`);
  sent++;
}
console.log(`release: ${sent} package(s) published`);
