// Reading and expiring a world's change feed in tests. A write shows in the feed once every
// transaction older than it has ended (DECISIONS 174), normally at once; these helpers read
// until what a test waits for has come, for a bounded time, and never judge by how long it took.
import { setTimeout as sleep } from 'node:timers/promises';
import { affectedRows, sql, sweepExpiredEvents } from '@warehouse-kit/server';
import { testOrm } from './database.js';
import type { ApiClient, TestResponse } from './http.js';
import { uniqueId } from './world.js';

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

/** The body of `res`, which must have `status`. */
function bodyOf(res: TestResponse, status = 200, what = 'the feed') {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
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
    const page = bodyOf(await client.get('/events', { ...query, after: cursor }));
    events.push(...page.events);
    cursor = page.next_cursor;
    if (page.has_more) continue;
    if (until(events)) return { events, cursor };
    if (Date.now() > deadline)
      throw new Error(`the feed did not show what was waited for; it showed ${events.map((e) => e.type).join(', ')}`);
    await sleep(25);
  }
}

/**
 * Where the feed ends after everything written so far: read after it to see only what follows.
 * `start=latest` alone is not enough: it answers where the feed ends *now*, and a write already
 * acknowledged (a world's provisioning, a test's earlier write) can still settle after that
 * point, while a transaction elsewhere in the cluster (the other mocha worker's) holds the
 * snapshot horizon back. So `writer` creates a company, whose event every reader sees and which
 * settles after every earlier write, and this reads up to it: the cursor after it has all
 * earlier writes behind it.
 */
export async function feedEnd(reader: ApiClient, writer: ApiClient = reader): Promise<string> {
  const latest = bodyOf(await reader.get('/events', { start: 'latest' }));
  if (latest.events.length) throw new Error('start=latest answered events');
  const marker = bodyOf(
    await writer.post('/companies', { company: { name: uniqueId('Marker '), company_type: 'carrier' } }),
    200,
    'the marker company',
  );
  const subject = `companies/${marker.id}`;
  const { cursor } = await readUntil(reader, latest.next_cursor, (events) =>
    events.some((event) => event.subject === subject),
  );
  return cursor!;
}

/**
 * Dates every event of the organization `subdomain` back past the retention period and sweeps
 * them, as the server does once a minute; answers how many were deleted.
 */
export async function expireEvents(subdomain: string, retentionDays = 30): Promise<number> {
  const orm = await testOrm();
  await affectedRows(
    orm.em,
    sql`update events set occurred_at = occurred_at - make_interval(days => ${retentionDays + 1}::int)
      where organization_id = (select id from organizations where subdomain = ${subdomain})`,
  );
  return sweepExpiredEvents(orm.em.fork(), retentionDays);
}
