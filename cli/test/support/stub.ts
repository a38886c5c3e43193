// A stand-in API on 127.0.0.1 for the paths a test needs, recording every request. Used where
// no reference server belongs: error answers, rate limits, exact requests (the CLI runs in a
// child process, where nock cannot reach).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubRequest {
  method: string;
  /** Path under /api/v1 without the query, e.g. `/products/7`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface StubAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type StubHandler = (request: StubRequest, stub: Stub) => StubAnswer | Promise<StubAnswer>;

export interface Stub {
  /** The organization interface address to give whctl. */
  url: string;
  requests: StubRequest[];
  /** Requests being answered right now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  close(): Promise<void>;
}

export const STUB_TOKEN = 'stub-token';

/** The rate-limit headers the API sends on every answer. */
export function rateLimitHeaders(remaining = 119, resetInMs = 60_000): Record<string, string> {
  return {
    'X-RateLimit-Limit': '120',
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': new Date(Date.now() + resetInMs).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  };
}

export async function startStub(handler: StubHandler): Promise<Stub> {
  let server: Server;
  const stub: Stub = {
    url: '',
    requests: [],
    inFlight: 0,
    maxInFlight: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', async () => {
      stub.maxInFlight = Math.max(stub.maxInFlight, ++stub.inFlight);
      const url = new URL(req.url ?? '/', 'http://stub');
      const request: StubRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        headers: req.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      stub.requests.push(request);
      try {
        const answer = await handler(request, stub);
        const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
        res.writeHead(answer.status, {
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...rateLimitHeaders(),
          ...answer.headers,
        });
        res.end(body);
      } catch (error) {
        res.writeHead(599).end(String(error));
      } finally {
        stub.inFlight--;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}

/** whctl's connection to a stub, through the environment as a script would set it. */
export function stubEnv(stub: Stub): Record<string, string> {
  return { WHCTL_BASE_URL: stub.url, WHCTL_TOKEN: STUB_TOKEN };
}
