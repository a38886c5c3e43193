// Runs one round of load in a child process (load.ts) and reads back its summary.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadOptions, LoadResult } from './load.js';

const script = fileURLToPath(new URL('./load.js', import.meta.url));

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [script, JSON.stringify(options)], { maxBuffer: 1 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`load generator failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as LoadResult);
    });
  });
}
