// What a Node program loads: run it with `tracing.options` (a preloaded hook and the file it
// writes to), then read `tracing.loaded()`, every module's URL in the order it was loaded.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunOptions } from './run-node.js';
import { tempDir } from './temp-dir.js';

export interface Tracing {
  /** Options for `runNode` or `runProgram` that record the modules the program loads. */
  options: Required<Pick<RunOptions, 'env' | 'nodeArgs'>>;
  /** The URLs of the modules loaded so far. */
  loaded(): string[];
}

export function traceModules(): Tracing {
  const file = join(tempDir('wh-trace-'), 'modules.txt');
  return {
    options: {
      env: { WH_TRACE_FILE: file },
      nodeArgs: ['--import', new URL('./trace-imports.js', import.meta.url).href],
    },
    loaded: () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : []),
  };
}
