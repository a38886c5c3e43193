// One POST to a webhook receiver (DECISIONS 242, 248): to the address the SSRF guard checked,
// within the timeout, without following redirects, reading at most 64 KiB of the answer.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { attemptErrorOf } from './attempt-errors.js';
import type { AttemptError } from './deliveries.js';
import { bareHost, guardedLookup, refusedRange } from './url-guard.js';

const MAX_ANSWER_BYTES = 64 * 1024;

/** An answer's status, or the category of its absence with the failure's own text for the log. */
export type SendResult = { statusCode: number; retryAfter?: string } | { error: AttemptError; detail: string };

interface SendOptions {
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

export function send(url: string, body: string, options: SendOptions): Promise<SendResult> {
  const target = new URL(url);
  const host = bareHost(target);
  // An address in the URL is never looked up, so the guard checks it here.
  const refused = isIP(host) ? refusedRange(host, options.allowPrivate) : undefined;
  if (refused) return Promise.resolve({ error: 'refused_address', detail: `${host} is a ${refused} address` });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'wh-server-webhooks',
          ...options.headers,
        },
        lookup: guardedLookup(options.allowPrivate),
        signal: AbortSignal.timeout(options.timeoutMs),
        agent: false,
      },
      (response) => {
        let read = 0;
        const done = () => {
          const retryAfter = response.headers['retry-after'];
          resolve({ statusCode: response.statusCode ?? 0, ...(retryAfter ? { retryAfter } : {}) });
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: attemptErrorOf(error), detail: error.message });
    });
    request.end(body);
  });
}
