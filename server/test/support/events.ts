// Reading the change feed in tests. A write shows in the feed once every transaction older than
// it has ended (DECISIONS 174), normally at once; these helpers read until what a test waits
// for has come, for a bounded time, and never judge by how long it took.
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import type { ApiClient } from '../../src/testing/http.js';
import { uniqueId } from '../../src/testing/world.js';

export interface FeedEvent {
  id: string;
  specversion: string;
  type: string;
  source: string;
  subject: string;
  time: string;
  datacontenttype: string;
  cursor: string;
  data: { object: any; previous_attributes?: Record<string, any>; truncated: boolean };
}

// The run's PostgreSQL is shared by both mocha workers: another worker's open transaction holds
// the feed back (the high-water mark is the server's, not one database's).
const WAIT_MS = 20_000;

/** The body of an answer that must have `status`. */
export async function ok(request: Promise<{ status: number; body: any }>, status = 200) {
  const res = await request;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body;
}

/**
 * Where the feed ends after everything written so far: read after it to see only what follows.
 * `start=latest` alone is not enough: it answers where the feed ends *now*, and a write this test
 * already saw acknowledged can still settle after that point, while a transaction elsewhere in the
 * cluster (the other mocha worker's) holds the snapshot horizon back (DECISIONS 174). So `writer`
 * creates a company, whose event every reader sees and which settles after every earlier write,
 * and this reads up to it: the cursor after it has all earlier writes behind it.
 */
export async function feedEnd(reader: ApiClient, writer: ApiClient = reader): Promise<string> {
  const latest = await reader.get('/events', { start: 'latest' });
  expect(latest.status, JSON.stringify(latest.body)).to.equal(200);
  expect(latest.body.events).to.deep.equal([]);
  const marker = await ok(
    writer.post('/companies', { company: { name: uniqueId('Marker '), company_type: 'carrier' } }),
  );
  const subject = `companies/${marker.id}`;
  const { cursor } = await readUntil(reader, latest.body.next_cursor, (events) =>
    events.some((event) => event.subject === subject),
  );
  return cursor!;
}

/**
 * The events after `after` (from the oldest kept when undefined), read page by page until
 * `until` holds for what has come; with it, where the reading ended.
 */
export async function readUntil(
  client: ApiClient,
  after: string | undefined,
  until: (events: FeedEvent[]) => boolean,
  query: Record<string, string | number> = {},
): Promise<{ events: FeedEvent[]; cursor: string | undefined }> {
  const events: FeedEvent[] = [];
  let cursor = after;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const res = await client.get('/events', { ...query, after: cursor });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    events.push(...res.body.events);
    cursor = res.body.next_cursor;
    if (res.body.has_more) continue;
    if (until(events)) return { events, cursor };
    if (Date.now() > deadline)
      throw new Error(`the feed did not show what was waited for; it showed ${events.map((e) => e.type).join(', ')}`);
    await sleep(25);
  }
}

/** The next `count` events after `after`; a change's events come together, so extras of it show too. */
export const readEvents = async (
  client: ApiClient,
  after: string | undefined,
  count: number,
  query: Record<string, string | number> = {},
) => (await readUntil(client, after, (events) => events.length >= count, query)).events;

/** The types of events, in order. */
export const typesOf = (events: FeedEvent[]) => events.map((event) => event.type);
