import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { sweepExpiredEvents } from '../src/events/retention.js';
import { feedEnd, readEvents, readUntil, typesOf } from './support/events.js';

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('reading the change feed (extension)', () => {
  let server: TestServer;
  let world: World;
  let admin: ApiClient;

  before(async () => {
    ({ server, world } = await startWorld());
    admin = world.as('admin');
  });
  after(() => server.close());

  const company = async (name = uniqueId('Carrier ')) => {
    const res = await admin.post('/companies', { company: { name, company_type: 'carrier' } });
    expect(res.status).to.equal(200);
    return res.body;
  };

  it('reads oldest first a page at a time, and goes on from next_cursor or from any event cursor', async () => {
    const start = await feedEnd(admin);
    const companies = [];
    for (let i = 0; i < 5; i++) companies.push(await company());
    const all = await readEvents(admin, start, 5);
    expect(all.map((event) => event.data.object.id)).to.deep.equal(companies.map((c) => c.id));

    const pages = [];
    let after = start;
    for (let read = 0; read < 3; read++) {
      const res = await admin.get('/events', { after, limit: 2 });
      expect(res.status).to.equal(200);
      pages.push(res.body);
      after = res.body.next_cursor;
    }
    expect(pages.map((page) => page.events.length)).to.deep.equal([2, 2, 1]);
    expect(pages.map((page) => page.has_more)).to.deep.equal([true, true, false]);
    expect(pages.flatMap((page) => page.events)).to.deep.equal(all);
    // A full page goes on after its last event, whose cursor says the same.
    expect(pages[0].next_cursor).to.equal(all[1]!.cursor);
    expect(await readEvents(admin, all[2]!.cursor, 2)).to.deep.equal(all.slice(3));

    // An empty page keeps the reader's place: what comes next is read from its cursor.
    const empty = await admin.get('/events', { after });
    expect(empty.body).to.include({ has_more: false });
    expect(empty.body.events).to.deep.equal([]);
    const later = await company();
    const [next] = await readEvents(admin, empty.body.next_cursor, 1);
    expect(next!.data.object).to.deep.equal(later);
  });

  it('starts at the current end with start=latest, and from the oldest event kept without after', async () => {
    const before = await company();
    const end = await feedEnd(admin);
    const after = await company();
    expect((await readEvents(admin, end, 1)).map((event) => event.data.object)).to.deep.equal([after]);
    const { events } = await readUntil(admin, undefined, (seen) => seen.some((e) => e.data.object.id === after.id));
    const created = events.filter((event) => event.type === 'company.created').map((event) => event.data.object.id);
    expect(created.indexOf(before.id)).to.be.within(0, created.indexOf(after.id) - 1);
  });

  it('keeps only the types asked for: exact ones, a kind with .*, or *', async () => {
    const start = await feedEnd(admin);
    const carrier = await company();
    const product = await admin.post('/products', { product: { name: 'Limes', location_name: 'Toronto DC' } });
    await admin.patch(`/companies/${carrier.id}`, { company: { city: 'Oshawa' } });
    await admin.delete(`/products/${product.body.id}`);
    const everything = await readEvents(admin, start, 4);
    expect(typesOf(everything)).to.deep.equal([
      'company.created',
      'product.created',
      'company.updated',
      'product.deleted',
    ]);

    const only = async (types: string, count: number) => typesOf(await readEvents(admin, start, count, { types }));
    expect(await only('company.*', 2)).to.deep.equal(['company.created', 'company.updated']);
    expect(await only(' product.deleted , company.created', 2)).to.deep.equal(['company.created', 'product.deleted']);
    expect(await only('*', 4)).to.deep.equal(typesOf(everything));

    // The parameter's pattern lists them (DECISIONS 446).
    for (const types of ['company.exploded', 'widget.*', 'company.*,', 'company', '**']) {
      const res = await admin.get('/events', { after: start, types });
      expect(res.status, types).to.equal(400);
      expect(res.body.error).to.equal('query parameter types must look like appointment.*,purchase_order.moved');
    }
  });

  it('moves the cursor of a page that is not full up to the feed end, past events its query leaves out', async () => {
    const start = await feedEnd(admin);
    await company();
    // Once the company's event shows, the feed's end is past it, whatever the filter.
    await readEvents(admin, start, 1);
    const page = await admin.get('/events', { after: start, types: 'product.*' });
    expect(page.body.events).to.deep.equal([]);
    expect(page.body.next_cursor).to.not.equal(start);
    const product = await admin.post('/products', { product: { name: 'Okra', location_name: 'Toronto DC' } });
    const [created] = await readEvents(admin, page.body.next_cursor, 1, { types: 'product.*' });
    expect(created!.data.object).to.deep.equal(product.body);
  });

  it('refuses a malformed, altered or foreign cursor, a limit out of range, and after with start, with 400', async () => {
    const mine = await feedEnd(admin);
    const bytes = Buffer.from(mine, 'base64url');
    const altered = Buffer.from(bytes);
    altered[20] = altered[20]! ^ 1;
    const other = await createWorld(server);
    const refusals: [Record<string, string | number>, RegExp][] = [
      [{ after: 'not a cursor!' }, /after/],
      [{ after: cursorOf('v2.1.1') }, /after/],
      [{ after: 'a'.repeat(201) }, /after/],
      [{ after: altered.toString('base64url') }, /after/],
      [{ after: bytes.subarray(0, -1).toString('base64url') }, /after/],
      // Another organization's cursor is not one of this feed.
      [{ after: await feedEnd(other.as('admin')) }, /after/],
      [{ limit: 0 }, /limit/],
      [{ limit: 101 }, /limit/],
      [{ limit: 'ten' }, /limit/],
      [{ start: 'earliest' }, /start/],
      [{ start: 'latest', after: mine }, /give one of them/],
    ];
    for (const [query, message] of refusals) {
      const res = await admin.get('/events', query);
      expect(res.status, JSON.stringify(query)).to.equal(400);
      expect(res.body.error, JSON.stringify(query)).to.match(message);
    }
  });

  it('answers a cursor of the form it gave before ids and cursors became opaque 410, to start again', async () => {
    for (const text of ['v1.812.1043', `v1.${2n ** 60n}.1`, 'v1.01.1']) {
      const res = await admin.get('/events', { after: cursorOf(text) });
      expect(res.status, text).to.equal(410);
      expect(res.body.error).to.match(/^cursor expired: .*start again without after$/);
    }
  });

  it('asks for a token like every operation', async () => {
    expect((await world.as({ token: undefined }).get('/events')).status).to.equal(401);
    expect((await world.as('viewer').get('/events')).status).to.equal(403);
  });

  describe('after the retention period', () => {
    let old: Awaited<ReturnType<typeof readEvents>>;
    let recent: Awaited<ReturnType<typeof company>>;
    /** Where a reader that had read the old events stood. */
    let pastThem: string;

    before(async () => {
      const start = await feedEnd(admin);
      await company();
      await company();
      old = await readEvents(admin, start, 2);
      pastThem = (await admin.get('/events', { after: old[1]!.cursor })).body.next_cursor;
      // Written 31 days ago, as far as the sweep can tell.
      const orm = await testOrm();
      await orm.em
        .getConnection()
        .execute(
          "update events set occurred_at = occurred_at - interval '31 days' where organization_id = (select id from organizations where subdomain = ?)",
          [world.id],
        );
      recent = await company();
      expect(await sweepExpiredEvents(orm.em.fork(), 30)).to.be.at.least(2);
    });

    it('answers a cursor before the deleted events 410, saying what was deleted and what to do', async () => {
      const res = await admin.get('/events', { after: old[0]!.cursor });
      expect(res.status).to.equal(410);
      expect(res.body.error).to.match(
        /^cursor expired: events before \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ were deleted after 30 days; start again without after$/,
      );
      expect((await admin.get('/events', { after: old[1]!.cursor })).status).to.equal(410);
    });

    it('reads on from a cursor past them, from the oldest kept without one, and answers a deleted event 404', async () => {
      const [next] = await readEvents(admin, pastThem, 1);
      expect(next!.data.object).to.deep.equal(recent);
      const [oldest] = await readEvents(admin, undefined, 1);
      expect(oldest).to.deep.equal(next);
      expect((await admin.get(`/events/${old[0]!.id}`)).status).to.equal(404);
    });

    it('sweeps nothing more when nothing else is old enough', async () => {
      expect(await sweepExpiredEvents((await testOrm()).em.fork(), 30)).to.equal(0);
    });
  });
});
