import type { Knex } from '@mikro-orm/postgresql';
import type { TestServer } from '@warehouse-kit/testing/server';
import { type LocationKey, startWorld, testDatabaseUrl, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import pg from 'pg';
import { createAppointment } from './support/appointments.js';
import { createOrder } from './support/purchase-orders.js';

// An unfiltered list's Total-Count comes from counts kept by triggers (DECISIONS 102, 265); after
// every kind of write it must equal what counting the rows says.
describe('kept record counts behind Total-Count', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const scanned = async (table: string, location?: LocationKey) => {
    const [row] = await (await testOrm()).em.getConnection().execute<[{ count: string }]>(
      `select count(*) from ${table} t join organizations o on o.id = t.organization_id
        where o.subdomain = ? and (?::text is null or t.location_id = (select id from locations where subdomain = ?)
              or (? = 'purchase_orders' and t.location_id is null))`,
      [world.id, location ?? null, location ? `${world.id}-${location}` : null, table],
    );
    return Number(row!.count);
  };
  const listed = async (path: string, location?: LocationKey) =>
    Number((await world.as('admin', location).get(path)).headers['total-count']);
  const expectCountsExact = async () => {
    expect(await listed('/products')).to.equal(await scanned('products'));
    expect(await listed('/products', 'toronto')).to.equal(await scanned('products', 'toronto'));
    expect(await listed('/purchase_orders')).to.equal(await scanned('purchase_orders'));
    expect(await listed('/purchase_orders', 'auckland')).to.equal(await scanned('purchase_orders', 'auckland'));
    expect(await listed('/appointments')).to.equal(await scanned('appointments'));
    expect(await listed('/appointments', 'toronto')).to.equal(await scanned('appointments', 'toronto'));
  };

  it('stays exact through creations, moves, deletions and all-or-nothing failures', async () => {
    const admin = world.as('admin');
    await expectCountsExact();
    const pear = await admin.post('/products', { product: { location_name: 'Toronto DC', name: 'Pears', sku: 'P-1' } });
    expect(pear.status).to.equal(200);
    // A clash rolls the whole request back, count included.
    const clash = await admin.post('/products', {
      product: { location_name: 'Toronto DC', name: 'Pears', sku: 'P-1' },
    });
    expect(clash.status).to.equal(422);
    await expectCountsExact();

    const order = await createOrder(admin, { location_name: 'Toronto DC' });
    const unassigned = await createOrder(admin);
    await expectCountsExact();
    // Appointments are cancelled, never deleted: a new one counts, a cancelled one still does.
    const appointment = await createAppointment(admin, {
      location_name: 'Toronto DC',
      scheduled_at: '2033-03-01T10:00:00',
      dock_name: 'Dock 1',
      carrier_name: 'Fast Freight',
      customer_name: 'Fresh Market',
    });
    expect(await listed('/appointments', 'toronto')).to.equal(1);
    const cancelled = await admin.patch(`/appointments/${appointment.id}`, { appointment: { state: 'cancelled' } });
    expect(cancelled.status).to.equal(200);
    await expectCountsExact();
    for (const [id, location_name] of [
      [order.id, 'Auckland DC'],
      [unassigned.id, 'Auckland DC'],
      [order.id, null],
    ] as const) {
      const moved = await admin.patch(`/purchase_orders/${id}`, { purchase_order: { location_name } });
      expect(moved.status).to.equal(200);
      await expectCountsExact();
    }
    expect((await admin.delete(`/purchase_orders/${order.id}`)).status).to.equal(204);
    expect((await admin.delete(`/products/${pear.body.id}`)).status).to.equal(204);
    await expectCountsExact();
  });

  // Each scope's count is kept in slots (DECISIONS 296, 474): two transactions on different
  // connections both add a product at one warehouse without either waiting for the other's lock,
  // and the count stays exact once both commit.
  it('lets transactions on different connections create at one warehouse without waiting for each other', async () => {
    const knex = (await testOrm()).em.getKnex();
    const slotOf = async (transaction: Knex.Transaction) =>
      Number((await transaction.raw('select pg_backend_pid() % 16 as slot')).rows[0].slot);
    const open: Knex.Transaction[] = [];
    try {
      // The pool's connections until two sit in different slots.
      const slots = new Set<number>();
      const transactions: Knex.Transaction[] = [];
      while (transactions.length < 2) {
        const transaction = await knex.transaction();
        open.push(transaction);
        const slot = await slotOf(transaction);
        if (!slots.has(slot)) transactions.push(transaction);
        slots.add(slot);
      }
      const addPear = async (transaction: Knex.Transaction, n: number) => {
        await transaction.raw("set local lock_timeout = '2s'");
        await transaction.raw(
          `insert into products (organization_id, location_id, name)
            select organization_id, id, ? from locations where subdomain = ?`,
          [`Slot pear ${n}`, `${world.id}-toronto`],
        );
      };
      // The first holds its slot's row until it commits; the second must not need it.
      await addPear(transactions[0]!, 1);
      await addPear(transactions[1]!, 2);
      for (const transaction of transactions) await transaction.commit();
    } finally {
      for (const transaction of open) if (!transaction.isCompleted()) await transaction.rollback();
    }
    await expectCountsExact();
  });

  // More writers at once than the 16 slots the backends' ids chose (DECISIONS 474): before, two of
  // them always shared a slot, and one waited for the other's COMMIT.
  it('lets more transactions at once than slots there were create at one warehouse, none waiting', async () => {
    const writers = Array.from({ length: 17 }, () => new pg.Client({ connectionString: testDatabaseUrl() }));
    try {
      for (const writer of writers) await writer.connect();
      const added = await Promise.allSettled(
        writers.map(async (writer, n) => {
          await writer.query('begin');
          await writer.query("set local lock_timeout = '2s'");
          await writer.query(
            `insert into products (organization_id, location_id, name)
              select organization_id, id, $1 from locations where subdomain = $2`,
            [`Crowded pear ${n}`, `${world.id}-toronto`],
          );
        }),
      );
      expect(
        added.filter((outcome) => outcome.status === 'rejected').map((outcome) => String(outcome.reason)),
      ).to.deep.equal([]);
      for (const writer of writers) await writer.query('commit');
    } finally {
      for (const writer of writers) await writer.end();
    }
    await expectCountsExact();
  });
});
