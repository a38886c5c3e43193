// One fuzz request over node:http(s), which lets the request choose its Host header (the
// subdomain selects the interface), with a time limit: no answer in time is a failure of its own.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { FuzzRequest } from './requests.js';

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** Where a request for a host goes: the reference server's tests send every host to one loopback port. */
export interface Connection {
  protocol: 'http:' | 'https:';
  hostname: string;
  port: number;
}

export type Connect = (host: string) => Connection;

/** Every host to one port on 127.0.0.1. */
export const loopback =
  (port: number): Connect =>
  () => ({ protocol: 'http:', hostname: '127.0.0.1', port });

export function sendFuzzRequest(
  request: FuzzRequest,
  options: { connect: Connect; timeoutMs: number },
): Promise<FuzzAnswer> {
  const { protocol, hostname, port } = options.connect(request.host);
  const settings: RequestOptions & { servername?: string } = {
    host: hostname,
    port,
    method: request.method,
    path: request.target,
    headers: {
      host: request.host,
      ...request.headers,
      ...(request.body ? { 'content-length': request.body.length } : {}),
    },
    timeout: options.timeoutMs,
    ...(protocol === 'https:' && { servername: request.host.split(':')[0] }),
  };
  return new Promise((resolve, reject) => {
    const req = (protocol === 'https:' ? httpsRequest : httpRequest)(settings, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
        let body: unknown = text || undefined;
        if (text && headers['content-type']?.includes('json')) {
          try {
            body = JSON.parse(text);
          } catch {
            // Left as text: the spec check reports a body that is not the JSON it documents.
          }
        }
        resolve({ status: res.statusCode ?? 0, headers, body });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}
