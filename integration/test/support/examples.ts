import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/** The examples workspace: its scripts, data files and built SDK examples (`dist/sdk/`). */
export const EXAMPLES = dirname(createRequire(import.meta.url).resolve('@warehouse-kit/examples/package.json'));
