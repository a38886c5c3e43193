// A deployment with one deliberate deviation: a small HTTP proxy in front of the reference
// server that changes its answers (or answers itself) in one way. It keeps the Host header,
// so subdomains still select the interface and Link URLs point back at the proxy.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface ProxiedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Fault {
  /** Answers the request without asking the server, when it returns an answer. */
  respond?(request: ProxiedRequest): ProxiedResponse | undefined;
  /** Changes the server's answer. */
  change?(response: ProxiedResponse, request: ProxiedRequest): ProxiedResponse;
}

export interface FaultyProxy {
  port: number;
  close(): Promise<void>;
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

function forward(
  targetPort: number,
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 502,
          headers: flatten(res.headers),
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    upstream.on('error', reject);
    upstream.end(body);
  });
}

export async function startFaultyProxy(targetPort: number, fault: Fault): Promise<FaultyProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', `http://${req.headers.host}`),
        headers: flatten(req.headers),
      };
      try {
        let answer =
          fault.respond?.(request) ??
          (await forward(targetPort, request.method, req.url ?? '/', req.headers, Buffer.concat(chunks)));
        answer = fault.change?.(answer, request) ?? answer;
        const { 'content-length': _length, 'transfer-encoding': _encoding, ...headers } = answer.headers;
        res.writeHead(answer.status, { ...headers, 'content-length': Buffer.byteLength(answer.body) });
        res.end(answer.body);
      } catch (error) {
        res.writeHead(502).end(String(error));
      }
    });
  });
  // All interfaces: *.localhost may resolve to ::1 as well as 127.0.0.1.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('the proxy has no address');
  return {
    port: address.port,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
