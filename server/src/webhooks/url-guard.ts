// The webhook URL policy (DECISIONS 242, 333): one reading of a URL, the WHATWG parser's, whose
// normalized `href` is what is stored and what each delivery connects to; and the SSRF guard on
// the addresses its host resolves to, which must be public unless the deployment allows private
// ones. Checked when an endpoint is saved, in words that tell nothing of where a name points,
// and again at each delivery through `guardedLookup`, so the connection goes to the address that
// was checked (a name that resolves inward later is refused then).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Invalid } from '../domain/errors.js';

const LOOKUP_TIMEOUT_MS = 5_000;

/** The longest URL stored, as written and as normalized. */
const MAX_URL_LENGTH = 2_048;

/** IANA allocates global unicast IPv6 from this block only; the rest (`::/96` among it) is reserved. */
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/** Why a host's addresses may not be used: it has none, or one the guard refuses. */
export class UnusableHost extends Error {
  constructor(
    message: string,
    readonly category: 'dns' | 'refused_address',
  ) {
    super(message);
  }
}

/**
 * Why an address may not be reached, or undefined when it is public unicast: the special-purpose
 * range ipaddr.js names it in (IPv4-mapped addresses as their IPv4 address; NAT64, 6to4 and Teredo
 * forms whatever they embed), or `reserved` for IPv6 outside 2000::/3.
 */
export function refusedRange(address: string, allowPrivate: boolean): string | undefined {
  if (allowPrivate) return undefined;
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return range;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_IPV6) ? 'reserved' : undefined;
}

/** C0 and C1 controls and DEL (Unicode's Cc), which the WHATWG parser drops or keeps silently. */
const CONTROLS = /\p{Cc}/u;

/** Everything before the path as RFC 3986 reads it: a backslash does not end it there. */
const AUTHORITY = /^[^:/?#]*:\/*([^/?#]*)/;

/** The URL as the WHATWG parser reads it, checked for form; Invalid on `url` otherwise. */
function parseWebhookUrl(raw: string): URL {
  const refuse = (problem: string) => Invalid.field('url', problem);
  if (CONTROLS.test(raw)) throw refuse('must not contain control characters (tab, CR, LF and the like)');
  if (raw.includes('\\')) throw refuse('must not contain a backslash');
  // `@` before the path is a user or password to some parser, even an empty one.
  if (AUTHORITY.exec(raw)?.[1]?.includes('@')) throw refuse('must not carry a user or password');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('must be an absolute URL such as https://erp.example.com/hooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refuse('must use https or http');
  if (url.username || url.password) throw refuse('must not carry a user or password');
  if (!url.hostname) throw refuse('must name a host');
  if (url.port === '0') throw refuse('must not use port 0');
  if (url.href.length > MAX_URL_LENGTH) throw refuse(`must be at most ${MAX_URL_LENGTH} characters once normalized`);
  return url;
}

/** A URL's host as the resolver and the guard take it: IPv6 without its brackets. */
export const bareHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/** Every address `host` resolves to, within a few seconds. */
function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new UnusableHost(`resolving ${host} took more than 5 s`, 'dns')),
      LOOKUP_TIMEOUT_MS,
    );
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(new UnusableHost(`${host} does not resolve (${error.code ?? error.message})`, 'dns'));
      else resolve(addresses);
    });
  });
}

/** The first address of `host` when every one is allowed; UnusableHost saying why otherwise. */
async function allowedAddress(host: string, allowPrivate: boolean): Promise<LookupAddress> {
  const addresses = await resolveAll(host);
  for (const { address } of addresses) {
    const refused = refusedRange(address, allowPrivate);
    if (refused) {
      // The address itself is left out: it would tell what an internal name resolves to.
      throw new UnusableHost(
        `${host} resolves to a ${refused} address; webhooks go to public addresses only (WH_WEBHOOK_ALLOW_PRIVATE allows others)`,
        'refused_address',
      );
    }
  }
  if (!addresses[0]) throw new UnusableHost(`${host} does not resolve`, 'dns');
  return addresses[0];
}

/**
 * Checks a URL when an endpoint is saved; answers its normalized form, or Invalid on `url`. A host
 * that does not resolve and one that resolves to a refused range get the same words, so that
 * saving a URL does not tell an admin which internal names exist or where they point (DECISIONS
 * 438); the delivery's attempt keeps its category (DECISIONS 336).
 */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = parseWebhookUrl(raw);
  const host = bareHost(url);
  try {
    await allowedAddress(host, allowPrivate);
  } catch (problem) {
    if (!(problem instanceof UnusableHost)) throw problem;
    throw Invalid.field(
      'url',
      allowPrivate
        ? `must name a host that resolves within 5 s; ${host} does not`
        : 'must name a host that resolves within 5 s to public addresses only (WH_WEBHOOK_ALLOW_PRIVATE allows ' +
            `others); ${host} does not`,
    );
  }
  return url.href;
}

/** A `lookup` for node:http that connects only to an address the guard allows. */
export const guardedLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    allowedAddress(hostname, allowPrivate).then(
      // Node asks for every address when it races IPv4 and IPv6 (autoSelectFamily); one is enough.
      (chosen) => (options.all ? callback(null, [chosen]) : callback(null, chosen.address, chosen.family)),
      (error: UnusableHost) => callback(error, '', 0),
    );
  };
