// Failures without an answer: the connection could not be made or broke, or the call ran out
// of time. fetch reports both as a bare `TypeError: fetch failed` (or a DOMException); the
// client turns them into these, which say what was asked and keep the original as `cause`.

export interface TransportErrorInit {
  method: string;
  url: string;
  cause?: unknown;
}

// Error codes of a connection that was made and then broke: the request may not have reached
// the server, or its answer may have been lost on the way back.
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
// undici's own time limits (connect, headers, body): the call ran out of time, not of network.
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/** The first `code` along an error's causes (and an AggregateError's errors): `ECONNREFUSED`, `ENOTFOUND`... */
function codeOf(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== 'object' || depth > 5) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  return codeOf(cause, depth + 1) ?? (Array.isArray(errors) ? codeOf(errors[0], depth + 1) : undefined);
}

/** The innermost message along the causes, which names the host and the reason. */
function reasonOf(error: unknown, depth = 0): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Error && depth < 5) return reasonOf(cause, depth + 1);
  return error instanceof Error ? error.message : String(error);
}

/** The request reached no answer: a refused or reset connection, a name that does not resolve, TLS... */
export class ConnectionError extends Error {
  override name = 'ConnectionError';
  readonly method: string;
  readonly url: string;
  /** The request path, e.g. `/api/v1/purchase_orders/42`. */
  readonly path: string;
  /** The system's or undici's error code, e.g. `ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND`. */
  readonly code: string | undefined;

  constructor({ method, url, cause }: TransportErrorInit) {
    const code = codeOf(cause);
    super(
      `${method} ${url} got no answer: ${reasonOf(cause)}${code && !reasonOf(cause).includes(code) ? ` (${code})` : ''}`,
      {
        cause,
      },
    );
    this.method = method;
    this.url = url;
    this.path = pathOf(url);
    this.code = code;
  }

  /** A connection that broke after it was made, which a repeatable request may simply be sent again over. */
  get reset(): boolean {
    return this.code !== undefined && RESET_CODES.has(this.code);
  }
}

/** The call took longer than its `timeout` (or the caller's `AbortSignal.timeout`) allowed. */
export class TimeoutError extends Error {
  override name = 'TimeoutError';
  readonly method: string;
  readonly url: string;
  readonly path: string;
  /** The limit in milliseconds, when it was the client's or the call's `timeout`. */
  readonly timeout: number | undefined;

  constructor({ method, url, cause, timeout }: TransportErrorInit & { timeout?: number }) {
    super(`${method} ${url} timed out${timeout === undefined ? '' : ` after ${timeout} ms`}`, { cause });
    this.method = method;
    this.url = url;
    this.path = pathOf(url);
    this.timeout = timeout;
  }
}

const isNamed = (error: unknown, name: string) => error instanceof Error && error.name === name;

/**
 * What a failed fetch of `request` means: a TimeoutError or ConnectionError, or the error
 * itself when it is neither, such as the caller's own abort or a programming error.
 */
export function transportFailure(error: unknown, request: Pick<Request, 'method' | 'url'>): unknown {
  if (error instanceof ConnectionError || error instanceof TimeoutError) return error;
  const init = { method: request.method, url: request.url, cause: error };
  // A DOMException from `AbortSignal.timeout()`; the caller's plain abort stays an AbortError.
  if (isNamed(error, 'TimeoutError')) return new TimeoutError(init);
  if (isNamed(error, 'AbortError')) return error;
  const code = codeOf(error);
  if (code !== undefined && TIMEOUT_CODES.has(code)) return new TimeoutError(init);
  // fetch's network failures carry a system or undici code (`ECONNREFUSED`, `UND_ERR_SOCKET`),
  // mostly on the cause of a TypeError; browsers give a TypeError alone. Other errors, such as
  // an invalid header (`ERR_INVALID_CHAR`), are the caller's mistakes.
  const network = code !== undefined && /^(E[A-Z]+|UND_ERR_\w+)$/.test(code);
  if (
    network ||
    (error instanceof TypeError && /^(fetch failed|failed to fetch|networkerror|load failed)/i.test(error.message))
  )
    return new ConnectionError(init);
  return error;
}
