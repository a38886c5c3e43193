import { CONTRACT_VERSION_HEADER, parseHttpDate } from '@warehouse-kit/spec';
import LinkHeader from 'http-link-header';
import { DateTime } from 'luxon';

export type LinkRel = 'first' | 'prev' | 'next' | 'last';

/** The five pagination headers of a list answer; a header that is absent or not a whole number is undefined. */
export interface Pagination {
  currentPage: number | undefined;
  /** The page size (`per_page`), not the number of records on this page. */
  pageItems: number | undefined;
  totalPages: number | undefined;
  totalCount: number | undefined;
  links: Partial<Record<LinkRel, URL>>;
}

/** The rate-limit headers; on a 429 they describe the limit that was exceeded. */
export interface RateLimit {
  limit: number | undefined;
  remaining: number | undefined;
  /** When requests can resume; undefined when the header is absent or not ISO 8601. */
  reset: Date | undefined;
}

function wholeNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name)?.trim();
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

function readLinks(response: Response): Partial<Record<LinkRel, URL>> {
  const header = response.headers.get('Link');
  if (!header) return {};
  let parsed: LinkHeader;
  try {
    parsed = LinkHeader.parse(header);
  } catch (error) {
    throw new TypeError(`the Link header could not be read (${(error as Error).message}): ${header}`);
  }
  const links: Partial<Record<LinkRel, URL>> = {};
  for (const rel of ['first', 'prev', 'next', 'last'] as const) {
    const uri = parsed.rel(rel)[0]?.uri;
    if (uri === undefined) continue;
    try {
      // RFC 8288 allows relative references; the API sends absolute ones.
      links[rel] = new URL(uri, response.url || undefined);
    } catch {
      throw new TypeError(`the Link header's rel="${rel}" is not a usable URL: ${JSON.stringify(uri)}`);
    }
  }
  return links;
}

/**
 * Reads `Current-Page`, `Page-Items`, `Total-Pages`, `Total-Count` as numbers and `Link` as
 * URLs by rel. Throws a TypeError when a `Link` header is present but unreadable, because a
 * list whose next page cannot be found must not look complete.
 */
export function readPagination(response: Response): Pagination {
  const { headers } = response;
  return {
    currentPage: wholeNumber(headers, 'Current-Page'),
    pageItems: wholeNumber(headers, 'Page-Items'),
    totalPages: wholeNumber(headers, 'Total-Pages'),
    totalCount: wholeNumber(headers, 'Total-Count'),
    links: readLinks(response),
  };
}

/** Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (ISO 8601 UTC) of an answer or its headers. */
export function readRateLimit(answer: Response | Headers): RateLimit {
  const headers = answer instanceof Headers ? answer : answer.headers;
  const reset = headers.get('X-RateLimit-Reset');
  const parsed = reset ? DateTime.fromISO(reset.trim(), { zone: 'utc' }) : undefined;
  return {
    limit: wholeNumber(headers, 'X-RateLimit-Limit'),
    remaining: wholeNumber(headers, 'X-RateLimit-Remaining'),
    reset: parsed?.isValid ? parsed.toJSDate() : undefined,
  };
}

/** The server's clock by the answer's `Date` header, else `now()`. */
export function serverNow(headers: Headers, now: () => number): number {
  const date = headers.get('Date');
  return (date === null ? undefined : parseHttpDate(date)) ?? now();
}

/**
 * Milliseconds until an answer's `X-RateLimit-Reset`, measured against its `Date` header when it
 * has one so that a skewed local clock does not shorten a wait (negative when the reset has
 * passed); undefined without a readable reset, because the API always sends one and a guess
 * could burn more budget.
 */
export function untilReset(headers: Headers, now: () => number = Date.now): number | undefined {
  const reset = readRateLimit(headers).reset;
  return reset && reset.getTime() - serverNow(headers, now);
}

/** The `X-Request-Id` the API gave an answer, which its operators can find the request by in their logs. */
export function readRequestId(response: Response): string | undefined {
  return response.headers.get('X-Request-Id')?.trim() || undefined;
}

/**
 * The contract version the deployment implements, from its `Contract-Version` header
 * (DECISIONS 351); undefined from a deployment older than 1.1.0, which does not send it.
 */
export function readContractVersion(response: Response): string | undefined {
  return response.headers.get(CONTRACT_VERSION_HEADER)?.trim() || undefined;
}

/**
 * The record's ETag (an extension, DECISIONS 119): on item reads, creates and updates of a
 * server that supports it. Send it back as `If-Match` to write only the version you read.
 */
export function readETag(response: Response): string | undefined {
  return response.headers.get('ETag') ?? undefined;
}
