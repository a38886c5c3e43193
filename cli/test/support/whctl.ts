// Runs this package's built whctl as a user would, as a child process.
import { fileURLToPath } from 'node:url';
import { type Run, type RunOptions, runNode } from '@warehouse-kit/testing';

export { freshHome, json, type Run, type RunOptions } from '@warehouse-kit/testing';

/** whctl as the package's `bin` names it, found from this module so the tests run from any folder. */
export const WHCTL = fileURLToPath(new URL('../../../bin/whctl.js', import.meta.url));

export const whctl = (args: string[], options: RunOptions = {}): Promise<Run> => runNode(WHCTL, args, options);
