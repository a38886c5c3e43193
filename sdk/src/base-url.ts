import type { components } from '@warehouse-kit/spec';

const API_PREFIX = '/api/v1';
// One DNS label: a location's `url` must not be able to point the token at another domain.
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function parseInterfaceAddress(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute http(s) address such as https://acme.example.com, got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must use http or https, got ${url.protocol}`);
  }
  if (url.search || url.hash) {
    throw new TypeError(`baseUrl must not carry a query or fragment, got ${baseUrl}`);
  }
  return url;
}

/**
 * The root of the API under an interface address: `/api/v1` is appended unless the address
 * already ends with it, so both `https://acme.example.com` and `https://acme.example.com/api/v1`
 * work.
 */
export function apiBaseUrl(baseUrl: string): string {
  const url = parseInterfaceAddress(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = path.endsWith(API_PREFIX) ? path : `${path}${API_PREFIX}`;
  return url.href;
}

/**
 * The location interface address of `location`, derived from the organization address by
 * putting the location's subdomain (`url`) in place of the first host label:
 * `https://acme.example.com` and `{url: 'acme-toronto'}` give `https://acme-toronto.example.com`.
 */
export function locationBaseUrl(baseUrl: string, location: Pick<components['schemas']['Location'], 'url'>): string {
  const url = parseInterfaceAddress(baseUrl);
  if (!DNS_LABEL.test(location.url)) {
    throw new TypeError(
      `location.url must be a single subdomain label such as acme-toronto, got ${JSON.stringify(location.url)}`,
    );
  }
  const labels = url.hostname.split('.');
  if (labels.length < 2 || url.hostname.startsWith('[') || /^[\d.]+$/.test(url.hostname)) {
    throw new TypeError(
      'the organization address must use a subdomain such as acme.example.com ' +
        `to derive a location address, got ${url.hostname}`,
    );
  }
  url.hostname = [location.url, ...labels.slice(1)].join('.');
  return url.href.replace(/\/$/, '');
}
