import { createRequire } from 'node:module';

// The package version, read from package.json at run time so it is never restated.
export const version: string = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
