// The SDK's feed walker against the reference server: events of real writes, in order, resumed
// from any cursor, as the token may see them, and an expired cursor as GoneError.

import {
  createClient,
  type Event,
  type EventFeedOptions,
  eventPages,
  GoneError,
  iterateEvents,
  unwrap,
} from '@warehouse-kit/sdk';
import { expireEvents, feedEnd, startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('SDK event feed against the reference server', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  const client = (user: 'admin' | 'integration' = 'admin') =>
    createClient({ baseUrl: world.url(), token: world.token(user) });

  /** The feed's end after everything written so far, to read only what follows. */
  const end = (user: 'admin' | 'integration' = 'admin') => feedEnd(world.as(user), world.as('admin'));

  /** Follows the feed until `count` events came (a write shows once older transactions ended). */
  async function read(count: number, options: EventFeedOptions, user: 'admin' | 'integration' = 'admin') {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    const events: Event[] = [];
    try {
      for await (const event of iterateEvents(client(user), {
        ...options,
        follow: true,
        pollInterval: 50,
        signal: controller.signal,
      })) {
        if (events.push(event) === count) break;
      }
    } finally {
      clearTimeout(timer);
    }
    return events;
  }

  it('yields the events of each write in order, with the record as GET renders it, and resumes from any cursor', async () => {
    const api = client();
    const start = await end();
    const order = await unwrap(
      api.POST('/purchase_orders', { body: { purchase_order: { po_number: 'EV-1', location_name: 'Toronto DC' } } }),
    );
    await unwrap(
      api.PATCH('/purchase_orders/{id}', {
        params: { path: { id: order.id } },
        body: { purchase_order: { location_name: 'Vancouver DC' } },
      }),
    );
    const moved = await unwrap(api.GET('/purchase_orders/{id}', { params: { path: { id: order.id } } }));
    const events = await read(3, { after: start, types: 'purchase_order.*' });
    expect(events.map((event) => event.type)).to.deep.equal([
      'purchase_order.created',
      'purchase_order.updated',
      'purchase_order.moved',
    ]);
    expect(events.map((event) => event.subject)).to.deep.equal(Array(3).fill(`purchase_orders/${order.id}`));
    const last = events[2]!;
    expect(last.data.object).to.deep.equal(moved);
    expect(last.data.truncated).to.equal(false);
    if (!last.data.truncated) expect(last.data.previous_attributes?.location_name).to.equal('Toronto DC');

    // From the first event's cursor the walk continues exactly at the second.
    const resumed = await read(2, { after: events[0]!.cursor, types: 'purchase_order.*' });
    expect(resumed.map((event) => event.id)).to.deep.equal(events.slice(1).map((event) => event.id));
  });

  it('shows a token only the events of the locations it can see, as the lists do', async () => {
    const start = await end('integration');
    const api = client();
    // Auckland is where `integration` has no role; a company is organization-wide.
    await unwrap(
      api.POST('/purchase_orders', { body: { purchase_order: { po_number: 'EV-2', location_name: 'Auckland DC' } } }),
    );
    const company = await unwrap(
      api.POST('/companies', { body: { company: { name: 'Event Freight', company_type: 'carrier' } } }),
    );
    const [first] = await read(1, { after: start }, 'integration');
    expect(first!.type).to.equal('company.created');
    expect(first!.data.object.id).to.equal(company.id);
  });

  it('throws GoneError for a cursor older than the events kept, and reads on without one', async () => {
    const start = await end();
    await unwrap(client().POST('/companies', { body: { company: { name: 'Gone Freight', company_type: 'carrier' } } }));
    const [old] = await read(1, { after: start });
    expect(await expireEvents(world.id)).to.be.at.least(1);
    let error: unknown;
    try {
      for await (const _ of iterateEvents(client(), { after: old!.cursor })) break;
    } catch (caught) {
      error = caught;
    }
    expect(error).to.be.instanceOf(GoneError);
    expect((error as GoneError).error).to.match(/^cursor expired: .*start again without after$/);
    // Without a cursor the walk starts at the oldest kept, which is none of this organization's.
    const pages = [];
    for await (const page of eventPages(client())) pages.push(page);
    expect(pages.flatMap((page) => page.events)).to.deep.equal([]);
  });
});
