// The change feed (`GET /events`, an extension) walked by its cursor, the way `pages` and
// `paginate` walk a list: free functions taking the client (DECISIONS 221).
import type { components, paths } from '@warehouse-kit/spec';
import { sleep } from './abort.js';
import type { WarehouseClient } from './client.js';
import { RateLimitError, unwrap } from './errors.js';
import { untilReset } from './headers.js';
import { nonNegative } from './middleware/retry-waits.js';

/** An event of the feed or of a webhook delivery: a union by `type`. */
export type Event = components['schemas']['Event'];
export type EventType = Event['type'];
export type EventPage = components['schemas']['EventPage'];

export interface EventFeedOptions {
  /** Read after this cursor: a page's `next_cursor` or an event's `cursor`. */
  after?: string;
  /** `'latest'` starts at the current end of the feed (not with `after`). */
  start?: 'latest';
  /** Event types: exact (`purchase_order.moved`), `<kind>.*` or `*`. */
  types?: string | readonly string[];
  /** Only this location's events and the organization-wide ones. */
  location_name?: string;
  /** Events per page, 1 to 100 (the server's default 100). */
  limit?: number;
  /**
   * Keep reading when caught up, like `tail -f`: wait `pollInterval` and ask again, until
   * `signal` aborts. Default false: stop at the first page that has no more.
   */
  follow?: boolean;
  /** Milliseconds between polls once caught up, with `follow`. Default 2,000. */
  pollInterval?: number;
  /** Ends the walk quietly (the generator returns) when aborted. */
  signal?: AbortSignal;
  /** Milliseconds to wait after a 429 the client gave up on, when it names no reset. Default 10,000. */
  rateLimitWait?: number;
}

type FeedQuery = NonNullable<paths['/events']['get']['parameters']['query']>;

/** How long to wait before asking again after a 429: until its reset (on the server's clock), within bounds. */
function untilResume(error: RateLimitError, fallback: number): number {
  const ms = untilReset(error.response.headers);
  return ms === undefined ? fallback : Math.min(Math.max(ms, 250), 60_000);
}

/** Resolves after `ms`, or at once (false) when the signal aborts. */
async function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  try {
    await sleep(ms, signal);
    return true;
  } catch (error) {
    if (signal?.aborted) return false;
    throw error;
  }
}

/**
 * Every page of the feed from `after` (or the start), each with its `next_cursor`, which the next
 * request continues from. A 429 the client's retries gave up on is waited out and the same page
 * asked again, so the walk resumes where it was; 410 (an expired cursor) throws `GoneError`,
 * other failures their typed errors. With `follow`, it waits for new events instead of ending.
 */
export async function* eventPages(
  client: WarehouseClient,
  options: EventFeedOptions = {},
): AsyncGenerator<EventPage, void, undefined> {
  const { signal, follow = false } = options;
  const pollInterval = nonNegative('pollInterval', options.pollInterval ?? 2000, false);
  const rateLimitWait = nonNegative('rateLimitWait', options.rateLimitWait ?? 10_000, false);
  const types = typeof options.types === 'string' ? options.types : options.types?.join(',');
  let after = options.after;
  let start = options.start;
  while (!signal?.aborted) {
    let page: EventPage;
    try {
      const query = { after, start, types, location_name: options.location_name, limit: options.limit };
      // A client made with throwOnError has thrown already; one without answers here.
      page = await unwrap(getPage(client, query, signal));
    } catch (error) {
      if (signal?.aborted) return;
      if (!(error instanceof RateLimitError)) throw error;
      if (!(await pause(untilResume(error, rateLimitWait), signal))) return;
      continue;
    }
    yield page;
    after = page.next_cursor;
    start = undefined;
    if (!page.has_more) {
      if (!follow) return;
      if (!(await pause(pollInterval, signal))) return;
    }
  }
}

/**
 * One request of the walk. It gets a signal of its own that follows the walk's: a fetch leaves
 * an abort listener on its signal until the request is garbage-collected, so a walk that
 * follows for hours would otherwise pile thousands on one signal.
 */
async function getPage(client: WarehouseClient, query: FeedQuery, signal: AbortSignal | undefined) {
  // openapi-fetch leaves undefined parameters out of the query string.
  if (!signal) return client.GET('/events', { params: { query } });
  const request = new AbortController();
  const stop = () => request.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  try {
    return await client.GET('/events', { params: { query }, signal: request.signal });
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/**
 * Every event of the feed from `after`, oldest first, one page in memory at a time. Each event
 * carries its `cursor`: store the last one handled and pass it as `after` to resume there.
 */
export async function* iterateEvents(
  client: WarehouseClient,
  options: EventFeedOptions = {},
): AsyncGenerator<Event, void, undefined> {
  for await (const page of eventPages(client, options)) yield* page.events;
}
