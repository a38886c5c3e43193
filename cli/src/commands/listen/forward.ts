// One event POSTed to the local receiver, signed as the deployment's webhooks are (Standard
// Webhooks) with the session's secret, and retried a few times with backoff when the receiver
// fails, so a receiver that is down or restarting cannot stop the session for long.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ConnectionError,
  type Event,
  localhostFetch,
  signWebhook,
  TimeoutError,
  transportFailure,
} from '@warehouse-kit/sdk';

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

/** A failed attempt in a word or two, read by the SDK's own transport-failure rules. */
function reason(error: unknown, url: URL): string {
  const failure = transportFailure(error, { method: 'POST', url: url.href });
  if (failure instanceof TimeoutError) return 'timeout';
  if (failure instanceof ConnectionError)
    return failure.code === 'ECONNREFUSED' ? 'connection refused' : (failure.code ?? failure.message);
  return (error as Error).message;
}

async function post(url: URL, event: Event, options: ForwardOptions): Promise<string> {
  const body = JSON.stringify(event);
  // Signed again for every attempt, as a deployment does: the id stays, the timestamp is now.
  const headers = signWebhook({ id: event.id, body, secret: options.secret });
  // One controller per attempt, rather than AbortSignal.any on the session's long-lived signal,
  // so that nothing accumulates on it however many events a session forwards.
  const attempt = new AbortController();
  const stop = () => attempt.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(() => attempt.abort(new DOMException('attempt timed out', 'TimeoutError')), options.timeout);
  try {
    const response = await localhostFetch(
      new Request(url, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...headers },
        redirect: 'manual',
        signal: attempt.signal,
      }),
    );
    await response.body?.cancel();
    return String(response.status);
  } catch (error) {
    return reason(error, url);
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
  }
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
