// A deployment with one deliberate deviation: a small HTTP proxy in front of the reference
// server that changes its answers (or answers itself, or changes what it is asked) in one way.
// It keeps the Host header, so subdomains still select the interface and Link URLs point back at
// the proxy. For a deviation in how the server takes a webhook receiver's answers, it also
// relays the deliveries: the endpoints' URLs the server keeps point at the proxy, which sends each
// delivery on to the receiver and hands the server the receiver's answer as the fault changes it.
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface ProxiedRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: string;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Fault {
  /** Answers the request without asking the server, when it returns an answer. */
  respond?(request: ProxiedRequest): ProxiedResponse | undefined;
  /** Changes the request's body before the server gets it. */
  rewrite?(request: ProxiedRequest): string;
  /** Changes the server's answer. */
  change?(response: ProxiedResponse, request: ProxiedRequest): ProxiedResponse;
  /** Changes a webhook receiver's answer to a delivery before the server gets it; set, the proxy relays deliveries. */
  relay?(answer: ProxiedResponse): ProxiedResponse;
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
  target: URL,
  method: string,
  headers: IncomingHttpHeaders,
  body: Buffer | string,
): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(target, { method, headers }, (res) => {
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

const RELAY = '/relay/';

/** Where the server is to send an endpoint's deliveries: the proxy's relay, naming the receiver. */
const relayed = (port: number, url: string) => `http://127.0.0.1:${port}${RELAY}${encodeURIComponent(url)}`;

/** A webhook endpoint's create or update with the receiver's URL replaced by the relay's. */
function throughRelay(port: number, body: string): string {
  const parsed = JSON.parse(body) as { webhook_endpoint?: { url?: unknown } };
  const endpoint = parsed.webhook_endpoint;
  if (typeof endpoint?.url !== 'string') return body;
  endpoint.url = relayed(port, endpoint.url);
  return JSON.stringify(parsed);
}

export async function startFaultyProxy(targetPort: number, fault: Fault): Promise<FaultyProxy> {
  let port = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const path = req.url ?? '/';
      const request = {
        method: req.method ?? 'GET',
        url: new URL(path, `http://${req.headers.host}`),
        headers: flatten(req.headers),
        body: Buffer.concat(chunks).toString('utf8'),
      };
      try {
        let answer: ProxiedResponse;
        if (fault.relay && path.startsWith(RELAY)) {
          // A delivery: on to the receiver, and its answer back as the fault has it.
          const receiver = new URL(decodeURIComponent(path.slice(RELAY.length)));
          const { host: _host, ...headers } = req.headers;
          answer = fault.relay(await forward(receiver, request.method, headers, request.body));
        } else {
          let body = fault.rewrite?.(request) ?? request.body;
          if (fault.relay && request.url.pathname.includes('/webhook_endpoints') && body)
            body = throughRelay(port, body);
          const { 'content-length': length, ...headers } = req.headers;
          if (length !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
          answer =
            fault.respond?.(request) ??
            (await forward(new URL(path, `http://127.0.0.1:${targetPort}`), request.method, headers, body));
          answer = fault.change?.(answer, request) ?? answer;
          // The suite sees the receivers' URLs it asked for, not the relay's.
          if (fault.relay)
            answer.body = answer.body.replace(/http:\/\/127\.0\.0\.1:\d+\/relay\/([^"]+)/g, (_, url: string) =>
              decodeURIComponent(url),
            );
        }
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
  port = address.port;
  return {
    port,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
