// Reading the change feed in the server's tests: the harness's readers (@warehouse-kit/testing/server)
// with chai's assertions on top.

import type { ApiClient } from '@warehouse-kit/testing/server';
import { type FeedEvent, readUntil } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

export { type FeedEvent, feedEnd, readUntil } from '@warehouse-kit/testing/server';

/** The body of an answer that must have `status`. */
export async function ok(request: Promise<{ status: number; body: any }>, status = 200) {
  const res = await request;
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  return res.body;
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
