// The SSRF guard of webhook URLs (DECISIONS 242): a URL's form, and the addresses its host
// resolves to, which must be public unless the deployment allows private ones. Checked when an
// endpoint is saved, and again at each delivery through `guardedLookup`, so the connection goes
// to the address that was checked (a name that resolves inward later is refused then).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Invalid } from '../errors.js';

const LOOKUP_TIMEOUT_MS = 5_000;

/** Why an address may not be reached, or undefined when it is public unicast. */
export function refusedRange(address: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  if (!ipaddr.isValid(address)) return 'not an IP address';
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address, so ::ffff:127.0.0.1 is loopback.
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? undefined : range;
}

/** The URL as written, checked for form; Invalid on `url` otherwise. */
function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw Invalid.field('url', 'must be an absolute URL such as https://erp.example.com/hooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw Invalid.field('url', 'must use https or http');
  if (url.username || url.password) throw Invalid.field('url', 'must not carry a user or password');
  if (!url.hostname) throw Invalid.field('url', 'must name a host');
  return url;
}

/** Every address `host` resolves to, within a few seconds. */
function resolveAll(host: string): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`resolving ${host} took more than 5 s`)), LOOKUP_TIMEOUT_MS);
    dnsLookup(bare, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(new Error(`${host} does not resolve (${error.code ?? error.message})`));
      else resolve(addresses);
    });
  });
}

/** The first address of `host` when every one is allowed; throws saying why otherwise. */
async function allowedAddress(host: string, allowPrivate: boolean): Promise<LookupAddress> {
  const addresses = await resolveAll(host);
  for (const { address } of addresses) {
    const refused = refusedRange(address, allowPrivate);
    if (refused) {
      throw new Error(
        `${host} resolves to ${address}, a ${refused} address; webhooks go to public addresses only (WH_WEBHOOK_ALLOW_PRIVATE allows others)`,
      );
    }
  }
  if (!addresses[0]) throw new Error(`${host} does not resolve`);
  return addresses[0];
}

/** Checks a URL when an endpoint is saved: Invalid on `url` for its form or its addresses. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw);
  try {
    await allowedAddress(url.hostname, allowPrivate);
  } catch (problem) {
    throw Invalid.field('url', (problem as Error).message);
  }
  return raw;
}

/** A `lookup` for node:http that connects only to an address the guard allows. */
export const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    allowedAddress(hostname, allowPrivate).then(
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily); one is enough.
      (chosen) => (options.all ? callback(null, [chosen]) : callback(null, chosen.address, chosen.family)),
      (error: Error) => callback(Object.assign(error, { code: 'EREFUSED_ADDRESS' }), '', 0),
    );
  };
