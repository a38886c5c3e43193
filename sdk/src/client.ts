import type { paths } from '@warehouse-kit/spec';
import createOpenApiClient, { type Client, type ClientOptions, type Middleware, mergeHeaders } from 'openapi-fetch';
import { apiBaseUrl } from './base-url.js';
import { localhostFetch } from './localhost.js';
import { tokenAuth } from './middleware/auth.js';
import { rememberRequest } from './middleware/remember-request.js';
import { type RetryOptions, retryRateLimited } from './middleware/retry.js';
import { throwOnError } from './middleware/throw-on-error.js';
import { timeout } from './middleware/timeout.js';
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
  /** Milliseconds after which a call is aborted, rate-limit waits included. */
  timeout?: number;
  /** How 429 answers are waited out and retried; `false` returns them at once. */
  retry?: RetryOptions | false;
  /** More middleware, run before the retries so that a retry repeats what it did (e.g. a shared `throttle`). */
  middleware?: Middleware[];
  /** Reject non-2xx answers with their typed error instead of resolving to `{ error }`. */
  throwOnError?: boolean;
}

/**
 * A client for one interface address. Calls resolve to `{ data }` or `{ error }` with the
 * `response`, and reject only on network failure, abort, or with `throwOnError`.
 */
export function createClient(options: CreateClientOptions): WarehouseClient {
  const {
    baseUrl,
    token,
    timeout: ms,
    retry = {},
    middleware = [],
    throwOnError: throwing = false,
    headers,
    fetch = localhostFetch,
    ...rest
  } = options;
  const client = createOpenApiClient<paths>({
    ...rest,
    baseUrl: apiBaseUrl(baseUrl),
    fetch,
    headers: mergeHeaders({ 'User-Agent': USER_AGENT }, headers),
  });
  // Requests pass these in order and answers in reverse, so the retry, last, repeats the
  // finished request, and the error and remember layers, first, see the final answer.
  client.use(
    ...(throwing ? [throwOnError()] : []),
    rememberRequest,
    tokenAuth(token),
    ...(ms === undefined ? [] : [timeout(ms)]),
    ...middleware,
    ...(retry === false ? [] : [retryRateLimited(retry)]),
  );
  return client;
}
