// A webhook receiver on node:http for the delivery tests: it records every POST with its raw
// body and headers, answers as the test scripts, and verifies Standard Webhooks signatures with
// the standard's own package, as a receiver on another stack would.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eventually } from '@warehouse-kit/testing';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A status after an optional delay or, `held`, once the test calls `releaseAll`; or no answer at all (`hang`). */
export type Answer =
  | { status: number; headers?: Record<string, string>; delayMs?: number; held?: boolean }
  | { hang: true };

export interface Receiver {
  url: string;
  received: Received[];
  /** How the next requests are answered; 204 by default. */
  answer(script: (request: Received, index: number) => Answer): void;
  /** Answers every request held so far. */
  releaseAll(): void;
  /** Resolves once `count` requests have come, or rejects after `timeoutMs`: a bound for a hang, not a measure. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  let script: (request: Received, index: number) => Answer = () => ({ status: 204 });
  /** The answers of held requests, sent by `releaseAll`. */
  const held: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = { at: Date.now(), headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(entry);
      const answer = script(entry, received.length - 1);
      if ('hang' in answer) return;
      const reply = () =>
        setTimeout(() => response.writeHead(answer.status, answer.headers).end(), answer.delayMs ?? 0);
      if (answer.held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer: (next) => {
      script = next;
    },
    releaseAll: () => {
      for (const reply of held.splice(0)) reply();
    },
    async waitFor(count, timeoutMs = 60_000) {
      try {
        await eventually(`${count} deliveries`, async () => received.length >= count || undefined, timeoutMs);
      } catch {
        throw new Error(`the receiver got ${received.length} of ${count} deliveries`);
      }
      return received;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Whether one `v1,` signature of the request verifies with `secret` (`whsec_…`), by the
 * Standard Webhooks authors' own package rather than the contract's implementation the server signs with.
 */
export function verifies(request: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    return true;
  } catch (error) {
    if (error instanceof WebhookVerificationError) return false;
    throw error;
  }
}
