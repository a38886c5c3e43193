// Every request of the suite goes through the SDK (auth, `.localhost`, waiting out 429s) and
// comes back as an Exchange: what was asked, as whom, and exactly what was answered. Bodies
// are read as text first, so a deployment that answers HTML or nothing is reported, not
// crashed on.
import type { WarehouseClient } from '@warehouse-kit/sdk';
import { requestOf } from '@warehouse-kit/sdk';
import { curlFor } from './reproduce.js';

/** A client plus who it acts as, for messages: "admin, organization interface". */
export interface Endpoint {
  label: string;
  client: WarehouseClient;
  /** Requests sent so far; a vendor sees in the verdict what the run cost each token. */
  sent: number;
  /** 429s the client waited out so far, until their X-RateLimit-Reset. */
  waited: number;
  /** How a curl reproduction shows its token (see reproduce.ts); undefined when it sends none. */
  shownToken: string | undefined;
}

export interface Exchange {
  method: string;
  /** The spec's path template, e.g. `/products/{id}`. */
  template: string;
  url: string;
  as: string;
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON; the text itself when it is not JSON; undefined when there is no body. */
  body: unknown;
  /** The request as a curl command, to reproduce what the check saw. */
  curl: string;
}

export interface SendInit {
  path?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Request headers besides Authorization, e.g. the extensions' Idempotency-Key or If-Match. */
  headers?: Record<string, string>;
}

type LooseRequest = (
  method: string,
  path: string,
  init: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request. The checks send malformed and mismatched requests on purpose, so the
 * typed signatures of the client are bypassed here and nowhere else.
 */
export async function send(
  endpoint: Endpoint,
  method: string,
  template: string,
  init: SendInit = {},
): Promise<Exchange> {
  const request = endpoint.client.request as unknown as LooseRequest;
  endpoint.sent++;
  const result = await request(method, template, {
    params: { path: init.path, query: init.query },
    ...(init.body !== undefined && { body: init.body }),
    ...(init.headers && { headers: init.headers }),
    parseAs: 'text',
  });
  const { response } = result;
  const url = requestOf(response)?.url ?? response.url;
  let text: string;
  if (typeof result.data === 'string') text = result.data;
  else if (result.error !== undefined)
    text = typeof result.error === 'string' ? result.error : JSON.stringify(result.error);
  // openapi-fetch leaves 204 bodies unread; one that should be empty must be seen to be.
  else text = response.bodyUsed ? '' : await response.text();
  return {
    method: method.toUpperCase(),
    template,
    url,
    as: endpoint.label,
    status: response.status,
    headers: response.headers,
    text,
    body: parseBody(text),
    curl: curlFor({
      method: method.toUpperCase(),
      url,
      shownToken: endpoint.shownToken,
      headers: init.headers,
      // openapi-fetch sends JSON.stringify of the body, so this is the very text sent.
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  };
}

/** A short rendering of a value for a failure message. */
export function preview(value: unknown, max = 200): string {
  if (value === undefined) return 'no body';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/** A response header as received, for a message: its value quoted, or `no header`. */
export function headerOf(exchange: Pick<Exchange, 'headers'>, name: string): string {
  const value = exchange.headers.get(name);
  return value === null ? 'no header' : JSON.stringify(value);
}

/** `GET /api/v1/products?location_name=X (admin, organization interface)`. */
export function describeRequest(exchange: Pick<Exchange, 'method' | 'url' | 'as'>): string {
  const url = new URL(exchange.url);
  return `${exchange.method} ${url.host}${url.pathname}${url.search} (${exchange.as})`;
}
