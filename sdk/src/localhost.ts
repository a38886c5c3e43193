import type { LookupFunction } from 'node:net';
import type * as Undici from 'undici';

// Browsers and curl send `*.localhost` to the loopback address (RFC 6761); Node's resolver
// asks DNS, which usually does not know such names, and Node's fetch ignores a Host header set
// by hand. So in Node, and only for those names, requests go through undici's own fetch with
// a connector that resolves them as `localhost`, keeping the Host header the server needs to
// tell interfaces apart.

const LOCALHOST_SUBDOMAIN = /\.localhost\.?$/i;

const runsOnNode = typeof process === 'object' && typeof process.versions?.node === 'string';

let loopback: Promise<(request: Request) => Promise<Response>> | undefined;

async function createLoopbackFetch(): Promise<(request: Request) => Promise<Response>> {
  // Specifiers in variables keep browser bundlers from pulling Node-only modules into a build
  // that never takes this path.
  const undiciModule = 'undici';
  const dnsModule = 'node:dns';
  const [{ Agent, fetch }, dns] = await Promise.all([
    import(undiciModule) as Promise<typeof Undici>,
    import(dnsModule) as Promise<typeof import('node:dns')>,
  ]);
  const lookup: LookupFunction = (hostname, options, callback) =>
    dns.lookup(LOCALHOST_SUBDOMAIN.test(hostname) ? 'localhost' : hostname, options, callback);
  const dispatcher = new Agent({ connect: { lookup } });

  return async (request) => {
    const answer = await fetch(request.url, {
      method: request.method,
      headers: [...request.headers],
      body: request.body ? await request.arrayBuffer() : null,
      signal: request.signal,
      redirect: request.redirect,
      dispatcher,
    });
    // openapi-fetch and middleware check `instanceof Response` against the global class.
    return new Response(answer.body as ReadableStream<Uint8Array> | null, {
      status: answer.status,
      statusText: answer.statusText,
      headers: [...answer.headers],
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
