import { CONTRACT_VERSION, majorOf } from '@warehouse-kit/spec';
import type { Middleware } from 'openapi-fetch';
import { readContractVersion } from '../headers.js';

// The SDK is built against one version of the contract; a deployment of another major version
// may answer in ways it does not expect (DECISIONS 351). Said once per client, on the first
// answer that shows it, so that a long script's log is not flooded.

/** Called with the deployment's contract version and the SDK's, when their major parts differ. */
export type VersionMismatchHandler = (deployment: string, sdk: string) => void;

const warn: VersionMismatchHandler = (deployment, sdk) =>
  console.warn(
    `@warehouse-kit/sdk: the deployment implements contract ${deployment}, this SDK ${sdk}; ` +
      'a different major version may answer in ways this SDK does not expect',
  );

export function contractVersionCheck(onMismatch: VersionMismatchHandler = warn): Middleware {
  const own = majorOf(CONTRACT_VERSION);
  let warned = false;
  return {
    onResponse({ response }) {
      if (warned) return;
      const deployment = readContractVersion(response);
      const major = deployment === undefined ? undefined : majorOf(deployment);
      if (major === undefined || major === own) return;
      warned = true;
      onMismatch(deployment!, CONTRACT_VERSION);
    },
  };
}
