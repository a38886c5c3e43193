// Which extensions beyond the reference the deployment honours, as whctl's settings spell them:
// a comma-separated list of the conformance profile's names, or "none".
import { type DeploymentExtensions, EXTENSION_NAMES } from '@warehouse-kit/sdk';
import { UsageError } from '../errors.js';

/** `idempotency,etags` to the SDK's declaration; `none` (or nothing) declares none. */
export function parseExtensions(text: string, source: string): DeploymentExtensions {
  const names = text
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 1 && names[0] === 'none') return {};
  const declared: DeploymentExtensions = {};
  for (const name of names) {
    if (!(EXTENSION_NAMES as readonly string[]).includes(name)) {
      throw new UsageError(
        `${source} ${JSON.stringify(text)} names an unknown extension "${name}"; ` +
          `expected a comma-separated list of ${EXTENSION_NAMES.join(', ')}, or none`,
      );
    }
    declared[name as (typeof EXTENSION_NAMES)[number]] = true;
  }
  return declared;
}
