// By the package's own name, which resolves to its package.json from src/ and dist/src/ alike.
import manifest from '@warehouse-kit/conformance/package.json' with { type: 'json' };

/** The package's version, read from its package.json so it is written in one place. */
export const version: string = manifest.version;
