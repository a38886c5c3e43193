// Telling an address with the wrong scheme from other connection failures. https:// to a server
// that speaks plain HTTP fails in OpenSSL with "wrong version number" (or "packet length too
// long"); http:// to an HTTPS server gets its connection closed, like any reset, so whctl asks
// the same host and port for a TLS handshake: a certificate or a TLS alert means it speaks HTTPS.
import { isIP } from 'node:net';
import { connect } from 'node:tls';
import type { ConnectionError } from '@warehouse-kit/sdk';
import { localhostLookup } from './localhost-lookup.js';

const PLAIN_ANSWER = /wrong.version.number|packet.length.too.long|http.request/i;
const PROBE_MS = 2_000;

/** Whether the server at `url`'s host and port answers a TLS handshake. */
function speaksTls(url: URL): Promise<boolean> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    const socket = connect({
      host,
      port: Number(url.port || 443),
      ...(isIP(host) ? {} : { servername: host }),
      // Only whether it speaks TLS matters here, not whom to trust; nothing is sent.
      rejectUnauthorized: false,
      lookup: localhostLookup,
    });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(PROBE_MS, () => done(false));
    socket.once('secureConnect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(/alert/i.test(`${error.code} ${error.message}`)));
  });
}

/** `https://acme.example.com`, the origin `url` would have with `protocol`. */
function withScheme(url: URL, protocol: 'http:' | 'https:'): string {
  const other = new URL(url.origin);
  other.protocol = protocol;
  return other.origin;
}

/**
 * What is wrong and what to try when the failure is a scheme that does not match the server;
 * undefined for any other failure.
 */
export async function schemeMismatch(error: ConnectionError): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(error.url);
  } catch {
    return undefined;
  }
  const cause = `${error.code ?? ''} ${error.message}`;
  if (url.protocol === 'https:' && PLAIN_ANSWER.test(cause))
    return `${url.origin} answered in plain HTTP, not HTTPS; try ${withScheme(url, 'http:')} (${error.method} ${error.path})`;
  const closed = error.reset || /^HPE_/.test(error.code ?? '');
  if (url.protocol === 'http:' && closed && (await speaksTls(url)))
    return `${url.origin} speaks HTTPS, not plain HTTP; try ${withScheme(url, 'https:')} (${error.method} ${error.path})`;
  return undefined;
}
