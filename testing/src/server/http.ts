// A small HTTP client for server tests. It uses node:http because the tests must choose the
// Host header (the subdomain selects the interface), which Node's fetch ignores.
import { type Agent, request as httpRequest } from 'node:http';

export interface TestResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON, or the raw text when the body is not JSON, or undefined when empty. */
  body: T;
  /** The body as it came, decoded as UTF-8: what a test compares byte for byte. */
  text: string;
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or a Buffer is sent as is. */
  body?: unknown;
  /** A keep-alive agent, for tests that send thousands of requests. */
  agent?: Agent;
}

export function send(
  port: number,
  host: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) search.set(key, String(value));
  const target = search.size ? `${path}?${search.toString()}` : path;
  const payload =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string' || Buffer.isBuffer(options.body)
        ? options.body
        : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        agent: options.agent,
        headers: {
          host,
          ...(payload !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text || undefined;
          if (text && res.headers['content-type']?.includes('json')) body = JSON.parse(text);
          const headers = Object.fromEntries(
            Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
          );
          resolve({ status: res.statusCode ?? 0, headers, body, text });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A client bound to one interface address and token. */
export class ApiClient {
  constructor(
    readonly port: number,
    readonly host: string,
    readonly token: string | undefined,
  ) {}

  request(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const headers = {
      ...(this.token !== undefined ? { authorization: `Token ${this.token}` } : {}),
      ...options.headers,
    };
    return send(this.port, this.host, method, `/api/v1${path}`, { ...options, headers });
  }

  get(path: string, query?: RequestOptions['query']) {
    return this.request('GET', path, { query });
  }

  post(path: string, body: unknown, query?: RequestOptions['query']) {
    return this.request('POST', path, { body, query });
  }

  patch(path: string, body: unknown, query?: RequestOptions['query']) {
    return this.request('PATCH', path, { body, query });
  }

  put(path: string, body: unknown, query?: RequestOptions['query']) {
    return this.request('PUT', path, { body, query });
  }

  delete(path: string, query?: RequestOptions['query']) {
    return this.request('DELETE', path, { query });
  }
}
