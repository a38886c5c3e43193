// The layout's rules, checked on the sources: dependencies between the kit's packages point one
// way, code reaches another package only through that package's public entry, and the lint that
// npm test runs refuses an import circle.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';

interface Workspace {
  folder: string;
  name: string;
  private: boolean;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const workspaces: Workspace[] = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }
).workspaces.map((folder) => {
  const manifest = JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8'));
  return {
    folder,
    name: manifest.name,
    private: manifest.private === true,
    dependencies: manifest.dependencies ?? {},
    devDependencies: manifest.devDependencies ?? {},
  };
});
const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]));

/** Every TypeScript source of a workspace, generated files and build output left out. */
function sources(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry === 'dist') continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) found.push(path);
    }
  };
  walk(join(ROOT, folder));
  return found;
}

const IMPORT = /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!);
}

/** The kit's own packages a workspace names in its manifest, as `dependencies` or all of them. */
function internal(workspace: Workspace, includeDev: boolean): string[] {
  const names = Object.keys({ ...workspace.dependencies, ...(includeDev ? workspace.devDependencies : {}) });
  return names.filter((name) => byName.has(name)).sort();
}

describe('package boundaries', () => {
  it('lets dependencies between the public packages point one way only', () => {
    const graph = Object.fromEntries(workspaces.filter((w) => !w.private).map((w) => [w.name, internal(w, true)]));
    expect(graph).to.deep.equal({
      '@warehouse-kit/spec': [],
      // The spec for its tests, which diff the real contract.
      '@warehouse-kit/contract-diff': ['@warehouse-kit/spec'],
      // The campaign against the reference server, in its runner and tests, uses the test harness.
      '@warehouse-kit/fuzz': ['@warehouse-kit/spec', '@warehouse-kit/testing'],
      // Its weight test traces what the entry loads with the test helpers.
      '@warehouse-kit/sdk': ['@warehouse-kit/spec', '@warehouse-kit/testing'],
      '@warehouse-kit/conformance': ['@warehouse-kit/fuzz', '@warehouse-kit/sdk', '@warehouse-kit/spec'],
      '@warehouse-kit/whctl': [
        '@warehouse-kit/conformance',
        '@warehouse-kit/contract-diff',
        '@warehouse-kit/sdk',
        '@warehouse-kit/spec',
        '@warehouse-kit/testing',
      ],
      '@warehouse-kit/server': ['@warehouse-kit/spec', '@warehouse-kit/testing'],
    });
  });

  it('lets no public package depend on the server, and none but private workspaces depend on the test helpers', () => {
    for (const workspace of workspaces.filter((w) => !w.private)) {
      expect(internal(workspace, true), workspace.name).not.to.include('@warehouse-kit/server');
      expect(internal(workspace, false), workspace.name).not.to.include('@warehouse-kit/testing');
    }
  });

  it('keeps relative imports inside their own package', () => {
    const escapes: string[] = [];
    for (const workspace of workspaces) {
      const root = join(ROOT, workspace.folder);
      for (const file of sources(workspace.folder)) {
        for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
          const target = resolve(dirname(file), specifier);
          if (relative(root, target).startsWith('..')) escapes.push(`${relative(ROOT, file)}: ${specifier}`);
        }
      }
    }
    expect(escapes).to.deep.equal([]);
  });

  it("imports the kit's packages only through entries they export, and only those the manifest declares", () => {
    const problems: string[] = [];
    for (const workspace of workspaces) {
      const declared = new Set([workspace.name, ...internal(workspace, true)]);
      for (const file of sources(workspace.folder)) {
        for (const specifier of importsOf(file).filter((s) => s.startsWith('@warehouse-kit/'))) {
          const name = specifier.split('/').slice(0, 2).join('/');
          const entry = `.${specifier.slice(name.length)}`;
          const target = byName.get(name);
          const exported =
            target && JSON.parse(readFileSync(join(ROOT, target.folder, 'package.json'), 'utf8')).exports;
          if (!declared.has(name)) problems.push(`${relative(ROOT, file)}: ${name} is not in its package.json`);
          else if (exported && !(entry in exported))
            problems.push(`${relative(ROOT, file)}: ${specifier} is not exported`);
        }
      }
    }
    expect(problems).to.deep.equal([]);
  });

  describe('import circles', () => {
    /** Biome, with the repository's configuration, linting a registry and one format it loads. */
    const lint = (formatImportsRegistry: boolean) => {
      const folder = tempDir('wh-circle-');
      const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
      // The copy is no checkout: no .gitignore to read, and no schema path to resolve.
      writeFileSync(join(folder, 'biome.json'), JSON.stringify({ ...config, $schema: undefined, vcs: undefined }));
      writeFileSync(
        join(folder, 'registry.ts'),
        "export interface Format {\n  name: string;\n}\n\nexport const load = () => import('./json.js');\n",
      );
      writeFileSync(
        join(folder, 'json.ts'),
        formatImportsRegistry
          ? "import type { Format } from './registry.js';\n\nexport const json: Format = { name: 'json' };\n"
          : "export const json = { name: 'json' };\n",
      );
      return spawnSync(join(ROOT, 'node_modules/.bin/biome'), ['lint', folder], { cwd: folder, encoding: 'utf8' });
    };

    it('are refused by the lint npm test runs, a type-only import back to a registry included', () => {
      const linted = lint(true);
      expect(linted.status, linted.stdout + linted.stderr).to.equal(1);
      expect(linted.stdout + linted.stderr).to.include('lint/suspicious/noImportCycles');
    });

    it('leave a registry that only its formats point to unflagged', () => {
      const linted = lint(false);
      expect(linted.status, linted.stdout + linted.stderr).to.equal(0);
    });
  });
});
