// One event POSTed to the local receiver, signed as the deployment's webhooks are (Standard
// Webhooks) with the session's secret, and retried a few times with backoff when the receiver
// fails, so a receiver that is down or restarting cannot stop the session for long. It goes by
// node:http(s), as the reference server sends its webhooks: Node's fetch would add a browser's
// headers (sec-fetch-mode, accept-language, user-agent: node) that no deployment sends.
import http from 'node:http';
import https from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Event, signWebhook } from '@warehouse-kit/sdk';
import { localhostLookup } from '../../connection/localhost-lookup.js';
import { version } from '../../version.js';

export interface ForwardOptions {
  secret: string;
  /** Most attempts, the first included. */
  attempts: number;
  /** Milliseconds of the first wait between attempts, doubled after each. */
  backoff: number;
  /** Milliseconds an attempt may take. */
  timeout: number;
  signal: AbortSignal;
}

export interface Forwarded {
  /** The status of each attempt, or why it got none (`timeout`, `connection refused`). */
  outcomes: string[];
  delivered: boolean;
}

const MAX_WAIT = 8000;

/** Waits `ms`, or less when the session stops; leaves no listener behind on the session's signal. */
async function wait(ms: number, signal: AbortSignal): Promise<void> {
  await sleep(ms, undefined, { signal }).catch(() => undefined);
}

/** A failed attempt in a word or two. */
function reason(error: NodeJS.ErrnoException, timedOut: boolean): string {
  if (timedOut) return 'timeout';
  if (error.code === 'ECONNREFUSED') return 'connection refused';
  if (/wrong.version.number/i.test(error.message)) return 'plain HTTP at an https:// URL';
  return error.code ?? error.message.replace(/\s+/g, ' ');
}

/** One attempt: the receiver's status, or why there was none. Nothing is read of the answer but its status. */
function post(url: URL, event: Event, options: ForwardOptions): Promise<string> {
  const body = JSON.stringify(event);
  // Signed again for every attempt, as a deployment does: the id stays, the timestamp is now.
  const signature = signWebhook({ id: event.id, body, secret: options.secret });
  // One controller per attempt, rather than AbortSignal.any on the session's long-lived signal,
  // so that nothing accumulates on it however many events a session forwards.
  const attempt = new AbortController();
  let timedOut = false;
  const stop = () => attempt.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    attempt.abort();
  }, options.timeout);
  return new Promise<string>((resolve) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': `whctl/${version}`,
          ...signature,
        },
        lookup: localhostLookup,
        signal: attempt.signal,
        // A connection per attempt: a receiver that restarted is reached afresh.
        agent: false,
      },
      (response) => {
        // The status is the answer (node:http follows no redirect); a body is not waited for.
        response.destroy();
        resolve(String(response.statusCode));
      },
    );
    request.on('error', (error) => resolve(reason(error, timedOut)));
    request.end(body);
  }).finally(() => {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  });
}

/** Delivers `event` to `url`; stops early when the signal aborts. */
export async function forward(url: URL, event: Event, options: ForwardOptions): Promise<Forwarded> {
  const outcomes: string[] = [];
  for (let n = 0; n < options.attempts && !options.signal.aborted; n++) {
    if (n > 0) await wait(Math.min(options.backoff * 2 ** (n - 1), MAX_WAIT), options.signal);
    if (options.signal.aborted) break;
    const outcome = await post(url, event, options);
    // An attempt the session's stop cut short says nothing about the receiver.
    if (options.signal.aborted && !/^2\d\d$/.test(outcome)) break;
    outcomes.push(outcome);
    if (/^2\d\d$/.test(outcome)) return { outcomes, delivered: true };
  }
  return { outcomes, delivered: false };
}
