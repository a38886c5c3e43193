// An interface address checked where whctl got it, so a mistake names the flag, variable or
// profile key to fix and shows the whole value, instead of the SDK's parameter name.
import { apiBaseUrl } from '@warehouse-kit/sdk';
import { UsageError } from '../errors.js';

/** Throws a UsageError unless `value`, which came from `source` (e.g. `--base-url`), is an http(s) address. */
export function checkAddress(value: string, source: string): void {
  try {
    apiBaseUrl(value);
  } catch {
    // `acme.localhost:4200` parses as a URL of scheme "acme.localhost:", so look for "://".
    const reason = /^[a-z][a-z\d+.-]*:\/\//i.test(value)
      ? 'expected an http or https address without a query or fragment, such as https://acme.example.com'
      : `it has no scheme; write http://${value} or https://${value}`;
    throw new UsageError(`${source} ${JSON.stringify(value)} is not an API address: ${reason}`);
  }
}
