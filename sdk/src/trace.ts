// The `debug` option (or WH_DEBUG=1): a line for each request the client sends, retries
// included, and for each answer or failure, with the headers of both and the token redacted.
// It wraps the fetch the client sends with, so it sees every attempt as it goes on the wire.
import { redact, redactHeader } from './redact.js';
import { transportFailure } from './transport-errors.js';

export type DebugLog = (line: string) => void;

type Fetch = (request: Request, init?: RequestInit) => Promise<Response>;

let sent = 0;

/** The log `debug` asks for: its own function, stderr for `true`, or stderr when WH_DEBUG=1 and `debug` is unset. */
export function debugLog(debug: boolean | DebugLog | undefined): DebugLog | undefined {
  if (typeof debug === 'function') return debug;
  const fromEnv = typeof process === 'object' && process.env?.WH_DEBUG === '1';
  return (debug ?? fromEnv) ? (line) => console.error(line) : undefined;
}

/** `fetch`, telling `log` about each exchange: `[3] > GET https://...`, headers, `[3] < 200 OK (41 ms)`. */
export function tracedFetch(fetch: Fetch, log: DebugLog, secrets: readonly string[]): Fetch {
  return async (request, init) => {
    const id = ++sent;
    const line = (direction: string, text: string) => log(`[${id}] ${direction} ${redact(text, secrets)}`);
    const headers = (direction: string, all: Headers) => {
      for (const [name, value] of all) log(`[${id}] ${direction} ${name}: ${redactHeader(name, value, secrets)}`);
    };
    line('>', `${request.method} ${request.url}`);
    headers('>', request.headers);
    const started = performance.now();
    const took = () => `${Math.round(performance.now() - started)} ms`;
    try {
      const response = await fetch(request, init);
      line('<', `${[response.status, response.statusText].filter(Boolean).join(' ')} (${took()})`);
      headers('<', response.headers);
      return response;
    } catch (error) {
      const failure = transportFailure(error, request);
      line('!', `${failure instanceof Error ? `${failure.name}: ${failure.message}` : String(failure)} (${took()})`);
      throw error;
    }
  };
}
