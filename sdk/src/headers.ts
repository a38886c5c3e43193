import { CONTRACT_VERSION_HEADER, parseHttpDate } from '@warehouse-kit/spec';
import LinkHeader from 'http-link-header';

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

// An ISO 8601 date-time in the extended form, as the API sends `X-RateLimit-Reset`
// (`2025-03-09T14:05:00Z`): seconds and their fraction optional, UTC unless an offset is given.
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:Z|([+-])(\d{2})(?::?(\d{2}))?)?$/i;

/** The instant of an ISO 8601 date-time; undefined when it is not one, or names no real time (30 February, 24:00). */
function isoInstant(text: string): Date | undefined {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = 0] = match.slice(1, 7).map((field) => Number(field ?? 0));
  const [fraction = '', sign, offsetHours = '0', offsetMinutes = '0'] = match.slice(7);
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second));
  const fields = [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  ];
  if (fields.join() !== [year, month, day, hour, minute, second].join()) return undefined;
  const offset = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000;
  return new Date(wall.getTime() + Math.floor(Number(`0.${fraction}`) * 1000) - offset);
}

/** Reads `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (ISO 8601 UTC) of an answer or its headers. */
export function readRateLimit(answer: Response | Headers): RateLimit {
  const headers = answer instanceof Headers ? answer : answer.headers;
  const reset = headers.get('X-RateLimit-Reset');
  return {
    limit: wholeNumber(headers, 'X-RateLimit-Limit'),
    remaining: wholeNumber(headers, 'X-RateLimit-Remaining'),
    reset: reset ? isoInstant(reset) : undefined,
  };
}

/** The server's clock by the answer's `Date` header, else `now()`. */
export function serverNow(headers: Headers, now: () => number): number {
  const date = headers.get('Date');
  return (date === null ? undefined : parseHttpDate(date)) ?? now();
}

/**
 * The furthest a per-minute window's `X-RateLimit-Reset` can be from its answer's `Date`: the
 * window's 60 s, plus a second each for the reset rounded up and the date rounded down to whole
 * seconds (a refusal in the first second of a window reads 61 s away). A reset further away is
 * the hourly limit's.
 */
export const MINUTE_RESET_MS = 62_000;

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
