// One POST to a webhook receiver (DECISIONS 242, 248, 420): to the address the SSRF guard checked,
// without following redirects, reading at most 64 KiB of the answer, and settled once within the
// timeout whatever the receiver does. Node ends an exchange in more ways than `response` and
// `error`: a 101 hands the socket over (or, with no `upgrade` listener, destroys it and emits only
// `close`), 1xx answers come as `information`, and a connection can close with neither. So the
// send settles on the first of all of them or on its own timer, and destroys the request then.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { attemptErrorOf } from './attempt-errors.js';
import type { AttemptError } from './deliveries.js';
import { bareHost, guardedLookup, refusedRange } from './url-guard.js';

const MAX_ANSWER_BYTES = 64 * 1024;

/** An answer's status; or the category of its absence, with the failure's own text for the log; or a send the server stopped. */
export type SendResult =
  | { statusCode: number; retryAfter?: string }
  | { error: AttemptError; detail: string }
  | { interrupted: true };

interface SendOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Ends the send at once when aborted (the server stops): `interrupted`, unless an answer came. */
  signal?: AbortSignal;
}

/** The status of an answer, and its Retry-After. */
function answerOf(response: http.IncomingMessage): SendResult {
  const retryAfter = response.headers['retry-after'];
  return { statusCode: response.statusCode ?? 0, ...(retryAfter ? { retryAfter } : {}) };
}

export function send(url: string, body: string, options: SendOptions): Promise<SendResult> {
  const target = new URL(url);
  const host = bareHost(target);
  // An address in the URL is never looked up, so the guard checks it here.
  const refused = isIP(host) ? refusedRange(host, options.allowPrivate) : undefined;
  if (refused) return Promise.resolve({ error: 'refused_address', detail: `${host} is a ${refused} address` });
  if (options.signal?.aborted) return Promise.resolve({ interrupted: true });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'wh-server-webhooks',
        ...options.headers,
      },
      lookup: guardedLookup(options.allowPrivate),
      agent: false,
    });
    /**
     * The status line and headers, once read: from then on they are the outcome, whatever becomes
     * of the body (it is read only so that the receiver can finish writing it).
     */
    let answer: SendResult | undefined;
    let settled = false;
    const settle = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', interrupt);
      request.destroy();
      resolve(answer ?? result);
    };
    const timer = setTimeout(
      () => settle({ error: 'timeout', detail: `no answer within ${options.timeoutMs} ms` }),
      options.timeoutMs,
    );
    const interrupt = () => settle({ interrupted: true });
    options.signal?.addEventListener('abort', interrupt, { once: true });

    request.on('response', (response) => {
      answer = answerOf(response);
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) settle(answer!);
      });
      for (const end of ['end', 'error', 'close'] as const) response.on(end, () => settle(answer!));
    });
    // A 101 is the receiver's answer, a failure like any status but 2xx; the socket it hands over is closed.
    request.on('upgrade', (response, socket) => {
      socket.destroy();
      answer = answerOf(response);
      settle(answer);
    });
    // 1xx answers (100, 102, 103, …) come before the final one; the timer bounds how long they
    // take, and this how much of them is read.
    request.on('information', () => {
      if ((request.socket?.bytesRead ?? 0) > MAX_ANSWER_BYTES)
        settle({ error: 'connection_failed', detail: 'over 64 KiB of informational (1xx) answers and no final one' });
    });
    request.on('error', (error: NodeJS.ErrnoException) =>
      settle({ error: attemptErrorOf(error), detail: error.message }),
    );
    // Last, after any `error` of the same end: a connection that closed with neither an answer nor an error.
    request.on('close', () =>
      settle({ error: 'connection_failed', detail: 'the connection closed without an answer' }),
    );
    request.end(body);
  });
}
