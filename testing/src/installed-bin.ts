import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The file a workspace package's `bin` entry names, e.g. whctl's built entry point. */
export function installedBin(packageName: string, bin: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = require(manifestPath) as { bin?: Record<string, string> };
  const file = manifest.bin?.[bin];
  if (!file) throw new Error(`${packageName} has no bin named ${bin}`);
  return join(dirname(manifestPath), file);
}
