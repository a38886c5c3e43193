// `whctl --version --base-url URL`: after the kit's own version, the contract version the
// deployment at URL implements (DECISIONS 351). Only an address given on the command line is
// asked, so a plain `whctl --version` never touches the network. The deployment's contract
// document answers without a token and counts against no limit; its Contract-Version header
// says the version, or, from a deployment older than 1.1.0, the document's info.version.
import { apiBaseUrl, CONTRACT_VERSION_HEADER, localhostFetch } from '@warehouse-kit/sdk';
import { CliError, ExitCode, UsageError } from './errors.js';

export async function deploymentVersionLine(address: string): Promise<string> {
  let url: string;
  try {
    url = `${apiBaseUrl(address)}/openapi.json`;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  let answer: Response;
  try {
    answer = await localhostFetch(new Request(url, { signal: AbortSignal.timeout(10_000) }));
  } catch (error) {
    throw new CliError(
      `cannot reach ${address}: ${(error as Error).cause ?? (error as Error).message}`,
      ExitCode.network,
    );
  }
  const header = answer.headers.get(CONTRACT_VERSION_HEADER)?.trim();
  const documented = answer.ok
    ? ((await answer.json().catch(() => undefined)) as { info?: { version?: unknown } } | undefined)?.info?.version
    : undefined;
  const version = header || (typeof documented === 'string' ? documented : undefined);
  return version
    ? `deployment ${address}: contract ${version}`
    : `deployment ${address}: contract version unknown (no ${CONTRACT_VERSION_HEADER} header, no contract document)`;
}
