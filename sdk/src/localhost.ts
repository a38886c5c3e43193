import type { LookupFunction } from 'node:net';

// Browsers and curl send `*.localhost` to the loopback address (RFC 6761); Node's resolver
// asks DNS, which usually does not know such names, and Node's fetch ignores a Host header set
// by hand. So in Node, and only for those names, a request goes out through node:http (or
// node:https) with a lookup that resolves the name as `localhost`, keeping the Host header the
// server needs to tell interfaces apart. This path is for a server on the developer's own
// machine: it follows no redirect (the API sends none) and asks for no compressed answer.

const LOCALHOST_SUBDOMAIN = /\.localhost\.?$/i;

const runsOnNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/** Answers whose status forbids a body, which `new Response` refuses one for. */
const NO_BODY = new Set([101, 204, 205, 304]);

let loopback: Promise<(request: Request) => Promise<Response>> | undefined;

async function createLoopbackFetch(): Promise<(request: Request) => Promise<Response>> {
  // Specifiers in variables keep browser bundlers from pulling Node-only modules into a build
  // that never takes this path.
  const [httpModule, httpsModule, dnsModule, streamModule] = ['node:http', 'node:https', 'node:dns', 'node:stream'];
  const [http, https, dns, { Readable }] = await Promise.all([
    import(httpModule) as Promise<typeof import('node:http')>,
    import(httpsModule) as Promise<typeof import('node:https')>,
    import(dnsModule) as Promise<typeof import('node:dns')>,
    import(streamModule) as Promise<typeof import('node:stream')>,
  ]);
  const lookup: LookupFunction = (hostname, options, callback) =>
    dns.lookup(LOCALHOST_SUBDOMAIN.test(hostname) ? 'localhost' : hostname, options, callback);

  return async (request) => {
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const headers: Record<string, string> = Object.fromEntries(request.headers);
    if (body) headers['content-length'] = String(body.length);
    const { signal } = request;
    return new Promise((resolve, reject) => {
      const outgoing = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: request.method, headers, lookup, signal },
        (incoming) => {
          const status = incoming.statusCode ?? 0;
          const answered = new Headers();
          for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
            answered.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
          const empty = request.method === 'HEAD' || NO_BODY.has(status);
          if (empty) incoming.resume();
          resolve(
            new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
              status,
              statusText: incoming.statusMessage ?? '',
              headers: answered,
            }),
          );
        },
      );
      // As fetch fails: the signal's reason when it aborted, else a TypeError whose cause carries
      // the system's code (ECONNREFUSED, ECONNRESET), which the client reads (transport-errors.ts).
      outgoing.once('error', (error) =>
        reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })),
      );
      outgoing.end(body);
    });
  };
}

/**
 * The SDK's default fetch: the global `fetch`, except that in Node a `*.localhost` address is
 * sent to the loopback address, so `http://acme.localhost:3000` reaches a local server.
 */
export async function localhostFetch(request: Request): Promise<Response> {
  if (!runsOnNode || !LOCALHOST_SUBDOMAIN.test(new URL(request.url).hostname)) {
    return globalThis.fetch(request);
  }
  loopback ??= createLoopbackFetch();
  return (await loopback)(request);
}
