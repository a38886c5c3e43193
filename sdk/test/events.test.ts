import { getEventListeners } from 'node:events';
import { expect } from 'chai';
import { createClient, eventPages, GoneError, iterateEvents } from '../src/index.js';
import { collect } from './support/collect.js';
import { failureOf } from './support/failure.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

const event = (n: number) => ({ id: `evt_${n}`, type: 'company.created', cursor: `c${n}` });
const page = (from: number, to: number, has_more: boolean) => ({
  events: Array.from({ length: to - from + 1 }, (_, i) => event(from + i)),
  next_cursor: `c${to}`,
  has_more,
});

describe('SDK event feed', () => {
  useNock();
  const client = () => createClient({ baseUrl: BASE, token: TOKEN });

  it('follows next_cursor from after with the same filters, and stops at the first page without more', async () => {
    const scope = api()
      .get('/api/v1/events')
      .query({ after: 'c0', types: 'company.*,purchase_order.moved', location_name: 'Toronto DC', limit: '2' })
      .reply(200, page(1, 2, true))
      .get('/api/v1/events')
      .query({ after: 'c2', types: 'company.*,purchase_order.moved', location_name: 'Toronto DC', limit: '2' })
      .reply(200, page(3, 3, false));
    const events = await collect(
      iterateEvents(client(), {
        after: 'c0',
        types: ['company.*', 'purchase_order.moved'],
        location_name: 'Toronto DC',
        limit: 2,
      }),
    );
    expect(events.map((e) => e.id)).to.deep.equal(['evt_1', 'evt_2', 'evt_3']);
    scope.done();
  });

  it('starts at the latest position once, then reads on from the cursor it gave', async () => {
    const scope = api()
      .get('/api/v1/events')
      .query({ start: 'latest' })
      .reply(200, { events: [], next_cursor: 'c9', has_more: false });
    const pages = await collect(eventPages(client(), { start: 'latest' }));
    expect(pages).to.deep.equal([{ events: [], next_cursor: 'c9', has_more: false }]);
    scope.done();
  });

  it('with follow, polls from the last cursor when caught up until the signal aborts, then ends quietly', async () => {
    const controller = new AbortController();
    const scope = api()
      .get('/api/v1/events')
      .reply(200, page(1, 1, false))
      .get('/api/v1/events')
      .query({ after: 'c1' })
      .reply(200, { events: [], next_cursor: 'c1', has_more: false })
      .get('/api/v1/events')
      .query({ after: 'c1' })
      .reply(200, page(2, 2, false));
    const seen: string[] = [];
    for await (const e of iterateEvents(client(), { follow: true, pollInterval: 5, signal: controller.signal })) {
      seen.push(e.id);
      if (seen.length === 2) controller.abort();
    }
    expect(seen).to.deep.equal(['evt_1', 'evt_2']);
    scope.done();
  });

  it('leaves no listeners on the signal however long it follows', async () => {
    const controller = new AbortController();
    const scope = api()
      .get('/api/v1/events')
      .times(30)
      .query(true)
      .reply(200, { events: [], next_cursor: 'c0', has_more: false })
      .get('/api/v1/events')
      .query(true)
      .reply(200, page(1, 1, false));
    for await (const _ of iterateEvents(client(), { follow: true, pollInterval: 0, signal: controller.signal })) {
      // Each request adds one to the signal and takes it away again; a fetch of its own would
      // leave one behind per request until garbage collection.
      expect(getEventListeners(controller.signal, 'abort').length).to.be.at.most(1);
      controller.abort();
    }
    scope.done();
  });

  for (const throwOnError of [false, true])
    it(`waits out a 429 the client gave up on and asks for the same cursor again${throwOnError ? ', with throwOnError' : ''}`, async () => {
      const scope = api()
        .get('/api/v1/events')
        .query({ after: 'c0' })
        .reply(
          429,
          { error: 'rate limit exceeded' },
          { 'X-RateLimit-Reset': new Date(Date.now() - 1000).toISOString() },
        )
        .get('/api/v1/events')
        .query({ after: 'c0' })
        .reply(200, page(1, 1, false));
      const quick = createClient({ baseUrl: BASE, token: TOKEN, retry: false, throwOnError });
      const events = await collect(iterateEvents(quick, { after: 'c0' }));
      expect(events.map((e) => e.id)).to.deep.equal(['evt_1']);
      scope.done();
    });

  it('throws GoneError for an expired cursor, with the server sentence', async () => {
    const text =
      'cursor expired: events before 2026-10-24T15:00:00Z were deleted after 30 days; start again without after';
    api().get('/api/v1/events').query({ after: 'old' }).reply(410, { error: text });
    const error = await failureOf(collect(iterateEvents(client(), { after: 'old' })));
    expect(error).to.be.instanceOf(GoneError);
    expect((error as GoneError).status).to.equal(410);
    expect((error as GoneError).error).to.equal(text);
  });

  it('refuses a negative poll interval before any request', async () => {
    const error = await failureOf(collect(iterateEvents(client(), { follow: true, pollInterval: -1 })));
    expect(error).to.be.instanceOf(TypeError);
  });
});
