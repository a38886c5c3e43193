// The contract's public entry: the types and each operation's header parameters, both generated
// from openapi.yaml, whether an input time names an instant, the test of a JSON object every
// package reads bodies by, and the reading of `Retry-After`. It touches no file system and
// needs no other package, so the SDK can use it in browsers too; the document, validators,
// response checker, the time rule (on luxon) and the webhook signature (on node:crypto) have
// entries of their own (`/document`, `/validators`, `/response-checker`, `/time`,
// `/webhook-signature`).
export { headerParameters } from './header-parameters.js';
export { isObject } from './json.js';
export { hasExplicitOffset } from './offset.js';
export type { components, operations, paths } from './openapi-types.js';
export { parseHttpDate, retryAfterMs } from './retry-after.js';
export {
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  compareVersions,
  majorOf,
  parseVersion,
  type Semver,
} from './version.js';
