// One fuzz request over node:http, which lets the request choose its Host header (the
// subdomain selects the interface), with a time limit: no answer in time is a failure of its own.
import { request as httpRequest } from 'node:http';
import type { FuzzRequest } from './requests.js';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

export function sendFuzzRequest(port: number, request: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.target,
        headers: {
          host: request.host,
          ...request.headers,
          ...(request.body ? { 'content-length': request.body.length } : {}),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
          let body: unknown = text || undefined;
          if (text && headers['content-type']?.includes('json')) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
