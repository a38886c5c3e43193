import { fileURLToPath } from 'node:url';

/** The demo organizations `npm start` serves, shipped with the package (`demo.yaml` at its root). */
export const DEMO_FIXTURE = fileURLToPath(new URL('../../../demo.yaml', import.meta.url));
