// By the package's own name, which resolves to its package.json from src/ and dist/src/ alike.
import manifest from '@warehouse-kit/sdk/package.json' with { type: 'json' };

/** The package's name and version, read from its package.json so they are written in one place. */
export const SDK_NAME: string = manifest.name;
export const SDK_VERSION: string = manifest.version;

/** Sent on every request so the API's operators can tell SDK traffic and its version apart. */
export const USER_AGENT = `warehouse-kit-sdk/${SDK_VERSION}`;
