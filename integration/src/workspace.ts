// The kit's checkout as the tests see it: the repository's root, and its public packages (the
// workspaces that are not private), by name, with the folder each lives in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, three folders above this module in `integration/dist/src/`. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  bin?: Record<string, string>;
  engines?: { node?: string };
}

export const manifestOf = (folder: string) =>
  JSON.parse(readFileSync(join(ROOT, folder, 'package.json'), 'utf8')) as Manifest;

const { workspaces } = manifestOf('.') as Manifest & { workspaces: string[] };

/** The public packages by name, with the folder each lives in. */
export const PUBLIC_PACKAGES: Record<string, string> = Object.fromEntries(
  workspaces
    .map((folder) => [manifestOf(folder), folder] as const)
    .filter(([manifest]) => !manifest.private)
    .map(([manifest, folder]) => [manifest.name, folder]),
);
