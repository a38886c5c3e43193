// Packs each public package into a tarball that installs on its own, before anything is
// published: the internal packages it needs travel inside it (bundleDependencies), and their
// registry dependencies are declared by the outer package alone. `npm install ./<tarball>`,
// `npm install -g ./<tarball>` and `npx --package ./<tarball>` then need nothing but the
// registry, and `npm publish ./<tarball>` ships exactly what was tested.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, three folders above this module in `integration/dist/src/`. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The public packages by name, with the folder each lives in. */
export const PUBLIC_PACKAGES = {
  '@warehouse-kit/spec': 'spec',
  '@warehouse-kit/contract-diff': 'contract-diff',
  '@warehouse-kit/fuzz': 'fuzz',
  '@warehouse-kit/sdk': 'sdk',
  '@warehouse-kit/conformance': 'conformance',
  '@warehouse-kit/whctl': 'cli',
  '@warehouse-kit/server': 'server',
} as const;

export type PackageName = keyof typeof PUBLIC_PACKAGES;

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, unknown>;
  scripts?: Record<string, string>;
  bundleDependencies?: string[];
}

export interface PackedPackage {
  name: PackageName;
  version: string;
  /** The tarball's path. */
  tarball: string;
  /** The internal packages inside it. */
  bundled: PackageName[];
}

const isInternal = (name: string): name is PackageName => name in PUBLIC_PACKAGES;

function readManifest(folder: string): Manifest {
  return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest;
}

/** The internal packages `name` needs at run time, directly or through another, in a stable order. */
function internalClosure(name: PackageName, seen = new Set<PackageName>()): PackageName[] {
  const manifest = readManifest(join(ROOT, PUBLIC_PACKAGES[name]));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    if (isInternal(dependency) && !seen.has(dependency)) {
      seen.add(dependency);
      internalClosure(dependency, seen);
    }
  }
  return [...seen].sort();
}

/** `npm pack` of a folder into `destination`; returns the tarball's path. */
function npmPack(folder: string, destination: string): string {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: folder,
    encoding: 'utf8',
  });
  // npm 11 and earlier print a list of what they packed; npm 12 an object keyed by package name.
  const result = JSON.parse(output) as { filename: string }[] | Record<string, { filename: string }>;
  const [packed] = Array.isArray(result) ? result : Object.values(result);
  return join(destination, packed!.filename);
}

/** A folder's own files as `npm pack` selects them (its `files`, README, LICENSE), unpacked into `into`. */
function unpackFolder(folder: string, into: string, scratch: string): void {
  const tarball = npmPack(folder, scratch);
  mkdirSync(into, { recursive: true });
  execFileSync('tar', ['xzf', tarball, '-C', into, '--strip-components=1']);
  rmSync(tarball);
}

/**
 * The manifest as installed: internal dependencies pinned to the one version all packages
 * share, no development dependencies or scripts (a tarball's are never run or installed).
 */
function installedManifest(manifest: Manifest, version: string): Manifest {
  const { devDependencies: _dev, scripts: _scripts, ...rest } = manifest;
  const dependencies = Object.fromEntries(
    Object.entries(manifest.dependencies ?? {}).map(([name, range]) => [name, isInternal(name) ? version : range]),
  );
  return { ...rest, dependencies };
}

/**
 * The manifest of a package bundled inside another, without dependencies of any kind. npm
 * takes whatever a bundled package depends on to be in the bundle too: where that dependency
 * cannot be hoisted out of the outer package's folder (always, in a global install) it makes
 * an empty folder for it and fetches nothing. The outer manifest declares them instead, and
 * Node finds them from the bundled package by walking up to the outer `node_modules`.
 */
function bundledManifest(manifest: Manifest, version: string): Manifest {
  const {
    dependencies: _dependencies,
    peerDependencies: _peers,
    peerDependenciesMeta: _meta,
    ...rest
  } = installedManifest(manifest, version);
  return rest;
}

/** Adds `from`'s registry dependencies to `into`, refusing two different ranges for one package. */
function mergeDependencies(into: Record<string, string>, from: Manifest): void {
  for (const [name, range] of Object.entries(from.dependencies ?? {})) {
    if (isInternal(name)) continue;
    if (into[name] !== undefined && into[name] !== range) {
      throw new Error(
        `${from.name} needs ${name}@${range} but another package of the bundle needs ${name}@${into[name]}`,
      );
    }
    into[name] = range;
  }
}

function writeManifest(folder: string, manifest: Manifest): void {
  writeFileSync(join(folder, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** Packs one public package, with its internal dependencies bundled, into `outDir`. */
export function packPackage(name: PackageName, outDir: string): PackedPackage {
  const scratch = mkdtempSync(join(tmpdir(), 'wh-pack-'));
  try {
    const stage = join(scratch, 'package');
    const folderOf = (pkg: PackageName) => join(ROOT, PUBLIC_PACKAGES[pkg]);
    unpackFolder(folderOf(name), stage, scratch);
    const outer = readManifest(stage);
    const bundled = internalClosure(name);
    const dependencies = { ...installedManifest(outer, outer.version).dependencies };
    for (const inner of bundled) {
      const target = join(stage, 'node_modules', inner);
      unpackFolder(folderOf(inner), target, scratch);
      const manifest = readManifest(target);
      if (manifest.version !== outer.version) {
        throw new Error(
          `${inner} is at ${manifest.version} and ${name} at ${outer.version}: all packages share one version`,
        );
      }
      writeManifest(target, bundledManifest(manifest, outer.version));
      mergeDependencies(dependencies, manifest);
      // npm packs only the bundled packages the outer manifest depends on, directly or through
      // another bundled one; with the inner manifests emptied, the outer names them all.
      dependencies[inner] = outer.version;
    }
    copyFileSync(join(ROOT, 'LICENSE'), join(stage, 'LICENSE'));
    const manifest = { ...installedManifest(outer, outer.version), dependencies };
    writeManifest(stage, bundled.length ? { ...manifest, bundleDependencies: bundled } : manifest);
    mkdirSync(outDir, { recursive: true });
    const packed = npmPack(stage, scratch);
    const tarball = resolve(outDir, basename(packed));
    copyFileSync(packed, tarball);
    return { name, version: outer.version, tarball, bundled };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Packs every public package into `outDir`. */
export function packAll(outDir: string): PackedPackage[] {
  return (Object.keys(PUBLIC_PACKAGES) as PackageName[]).map((name) => packPackage(name, outDir));
}
