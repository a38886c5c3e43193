// The feed's promise under concurrent writers (DECISIONS 174): however writers in several
// processes commit, a reader sees every event exactly once. A sequence number alone would skip
// events, because transactions commit out of sequence order; this suite makes that happen on
// purpose, not by chance: a write takes its transaction id, then waits on a row the test keeps
// locked while later writers, in two server processes, commit theirs.
import { setTimeout as sleep } from 'node:timers/promises';
import { eventually } from '@warehouse-kit/testing';
import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type FeedEvent, feedEnd } from './support/events.js';
import { rowIdOf } from './support/record-rows.js';
import { type SecondInstance, startSecondInstance } from './support/second-instance.js';

describe('the feed under concurrent writers in two processes (extension)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let world: World;
  let second: SecondInstance;

  before(async () => {
    ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } }));
    second = await startSecondInstance();
  });
  after(async () => {
    await second.close();
    await server.close();
  });

  /** The transaction id of the request waiting for a lock on products, once there is one. */
  async function blockedWriter(): Promise<string> {
    const connection = (await testOrm()).em.getConnection();
    return eventually('the bulk upload waiting for the locked product', async () => {
      const [waiting] = await connection.execute<{ xid: string | null }[]>(
        `select backend_xid::text as xid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from products%for update%'`,
      );
      return waiting ? waiting.xid! : undefined;
    });
  }

  it('shows every event exactly once to a reader polling while writes commit out of order', async () => {
    const admin = world.as('admin');
    const writers: ApiClient[] = [admin, second.as(world, 'admin')];
    const locked = await admin.post('/products', {
      product: { name: 'Locked', sku: 'LOCK-1', location_name: 'Toronto DC' },
    });
    expect(locked.status).to.equal(200);

    // The reader: another token, so its polls spend no writer's budget; through the second process.
    const reader = second.as(world, 'integration');
    const start = await feedEnd(reader, admin);
    const seen: FeedEvent[] = [];
    let cursor = start;
    const poll = async () => {
      const res = await reader.get('/events', { after: cursor, limit: 5 });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      seen.push(...res.body.events);
      cursor = res.body.next_cursor;
      return res.body as { events: FeedEvent[]; has_more: boolean };
    };

    const knex = (await testOrm()).em.getKnex();
    const lock = await knex.transaction();
    let slow: Promise<{ status: number; body: any }> | undefined;
    let writes: { status: number; body: { id: number } }[] = [];
    try {
      await lock.raw('select id from products where id = ? for update', [
        await rowIdOf(world, 'products', locked.body.id),
      ]);
      // It creates its customer first, which gives its transaction an id, then waits for the product.
      slow = world.as('admin', 'toronto').post('/bulk_uploads', {
        bulk_upload: {
          products: [{ name: 'Unlocked', sku: 'LOCK-1' }],
          purchase_orders: [
            {
              po_number: uniqueId('SLOW-'),
              purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: uniqueId('Slow Buyer ') }],
            },
          ],
        },
      });
      expect(await blockedWriter()).to.match(/^\d+$/);

      // Later transactions, in both processes, commit while the slow one is open; the reader polls
      // after each answer, so between commits, and as often however long the writes take: polling
      // on a timer spent its token's 120 requests a minute when the writes were slow.
      let answered = 0;
      let wake = () => {};
      const polling = (async () => {
        for (let polled = 0; polled < 16; ) {
          if (answered === polled) await new Promise<void>((resolve) => (wake = resolve));
          polled = answered;
          await poll();
        }
      })();
      writes = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => {
          const client = writers[i % 2]!;
          const written = await (i < 8
            ? client.post('/companies', { company: { name: uniqueId(`Racer ${i} `), company_type: 'carrier' } })
            : client.post('/products', {
                product: { name: `Racer ${i}`, sku: uniqueId('R-'), location_name: 'Toronto DC' },
              }));
          answered++;
          wake();
          return written;
        }),
      );
      await polling;
      expect(writes.map((res) => res.status)).to.deep.equal(Array(16).fill(200));

      // Every one of them has committed, yet none shows: the slow transaction began before them.
      const page = await poll();
      expect(page.events).to.deep.equal([]);
      expect(seen).to.deep.equal([]);
    } finally {
      await lock.commit();
    }
    const upload = await slow!;
    expect(upload.status, JSON.stringify(upload.body)).to.equal(200);

    const expected = 3 + 16;
    for (let read = 0; read < 100 && seen.length < expected; read++) {
      const page = await poll();
      if (!page.has_more && seen.length < expected) await sleep(20);
    }
    // Once each, none missed: the slow transaction's events first, as it began first.
    expect(new Set(seen.map((event) => event.id)).size).to.equal(seen.length);
    expect(seen).to.have.length(expected);
    expect(seen.slice(0, 3).map((event) => event.type)).to.deep.equal([
      'company.created',
      'product.updated',
      'purchase_order.created',
    ]);
    const subjects = writes.map((res, i) => `${i < 8 ? 'companies' : 'products'}/${res.body.id}`);
    expect(
      seen
        .slice(3)
        .map((event) => event.subject)
        .sort(),
    ).to.deep.equal(subjects.sort());
    // And nothing more comes.
    expect((await poll()).events).to.deep.equal([]);
  });
});
