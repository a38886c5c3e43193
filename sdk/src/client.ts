import type { paths } from '@warehouse-kit/spec';
import createOpenApiClient, { type Client, type ClientOptions, type Middleware, mergeHeaders } from 'openapi-fetch';
import { apiBaseUrl } from './base-url.js';
import { checkExtensions, type DeploymentExtensions } from './extensions.js';
import { localhostFetch } from './localhost.js';
import { tokenAuth } from './middleware/auth.js';
import { contractVersionCheck, type VersionMismatchHandler } from './middleware/contract-version.js';
import { rememberRequest } from './middleware/remember-request.js';
import { type RetryOptions, retry } from './middleware/retry.js';
import { throwOnError } from './middleware/throw-on-error.js';
import { timeout } from './middleware/timeout.js';
import { transportFailures } from './middleware/transport-failures.js';
import { type DebugLog, debugLog, tracedFetch } from './trace.js';
import { USER_AGENT } from './version.js';

/** An openapi-fetch client typed by the contract: paths, parameters, bodies and answers. */
export type WarehouseClient = Client<paths>;

export interface CreateClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /**
   * The interface address: the organization's (`https://acme.example.com`) or a location's
   * (see `locationBaseUrl`). `/api/v1` is appended unless already there.
   */
  baseUrl: string;
  /** The API token; sent as `Authorization: Token <token>`. */
  token: string;
  /**
   * Milliseconds after which a call fails with a TimeoutError, rate-limit waits and retries
   * included. A call's own `timeout` option overrides it: `client.GET(path, { timeout: 120_000 })`.
   */
  timeout?: number;
  /**
   * How 429s, 502/503/504 answers and reset connections are retried; `false` returns them at
   * once. On by default.
   */
  retry?: RetryOptions | false;
  /**
   * What the deployment honours beyond the reference, named as in the conformance profile:
   * `{ idempotency: true }` lets a POST whose operation declares `Idempotency-Key` be retried
   * after a transient failure, with an automatic key when it has none. Undeclared, or for a
   * POST whose operation takes no key, a POST is never sent twice by the client.
   */
  extensions?: DeploymentExtensions;
  /** More middleware, run before the retries so that a retry repeats what it did (e.g. a shared `throttle`). */
  middleware?: Middleware[];
  /** Reject non-2xx answers with their typed error instead of resolving to `{ error }`. */
  throwOnError?: boolean;
  /**
   * Log every request and answer (retries included) with their headers, the token redacted:
   * `true` for stderr, or a function taking each line. Unset, WH_DEBUG=1 turns it on.
   */
  debug?: boolean | DebugLog;
  /**
   * Called once, on the first answer whose `Contract-Version` has another major version than
   * the contract this SDK was built against (`CONTRACT_VERSION`). Unset, a warning goes to
   * `console.warn`; `false` says nothing.
   */
  onVersionMismatch?: VersionMismatchHandler | false;
}

/**
 * A client for one interface address. Calls resolve to `{ data }` or `{ error }` with the
 * `response`, and reject only when no answer came (ConnectionError, TimeoutError), on the
 * caller's abort, or with `throwOnError`.
 */
export function createClient(options: CreateClientOptions): WarehouseClient {
  const {
    baseUrl,
    token,
    timeout: ms,
    retry: retries = {},
    extensions,
    middleware = [],
    throwOnError: throwing = false,
    headers,
    fetch = localhostFetch,
    debug,
    onVersionMismatch,
    ...rest
  } = options;
  const declared = checkExtensions(extensions);
  const log = debugLog(debug);
  const client = createOpenApiClient<paths>({
    ...rest,
    baseUrl: apiBaseUrl(baseUrl),
    fetch: log ? tracedFetch(fetch, log, [token]) : fetch,
    headers: mergeHeaders({ 'User-Agent': USER_AGENT }, headers),
  });
  // Requests pass these in order and answers in reverse, so the retry, near the end, repeats
  // the finished request, and the error and remember layers, first, see the final answer.
  // Failures to get an answer pass them in reverse too: typed first, then retried.
  client.use(
    ...(throwing ? [throwOnError()] : []),
    rememberRequest,
    ...(onVersionMismatch === false ? [] : [contractVersionCheck(onVersionMismatch)]),
    tokenAuth(token),
    timeout(ms),
    ...middleware,
    ...(retries === false ? [] : [retry(retries, declared)]),
    transportFailures,
  );
  return client;
}
