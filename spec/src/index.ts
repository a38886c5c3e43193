// The contract's public entry: the types and each operation's header parameters, both generated
// from openapi.yaml, the time rule, the test of a JSON object every package reads bodies by, and
// the reading of `Retry-After`. It touches no file system, so the SDK can use it in browsers
// too; the document, validators and response checker have entries of their own (`/document`,
// `/validators`, `/response-checker`).
export { headerParameters } from './header-parameters.js';
export { isObject } from './json.js';
export type { components, operations, paths } from './openapi-types.js';
export { parseHttpDate, retryAfterMs } from './retry-after.js';
export { hasExplicitOffset, resolveInputTime } from './time.js';
export {
  CONTRACT_VERSION,
  CONTRACT_VERSION_HEADER,
  compareVersions,
  majorOf,
  parseVersion,
  type Semver,
} from './version.js';
