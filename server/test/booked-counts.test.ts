import { eventually } from '@warehouse-kit/testing';
import { standardOrganization, testOrm, uniqueId } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import fc from 'fast-check';
import type { Knex } from 'knex';
import { bookedStates } from '../src/domain/appointment-states.js';
import { appointmentStates } from '../src/entities/appointment.js';
import { provision } from '../src/provision/provision.js';

// The booked search's unfiltered Total-Count sums counts kept by triggers (DECISIONS 290–292).
// Whatever is written to orders, appointments and packing lists, in any mix of single- and
// multi-row statements, the kept sum must equal counting the orders as the search's own
// condition does, for every scope a reader can have.
describe('kept counts of orders with booked appointments', () => {
  let knex: Knex;
  let organizationId: number;
  let locations: number[];

  before(async () => {
    const orm = await testOrm();
    const organization = standardOrganization(uniqueId());
    await provision(orm.em, { organizations: [organization] });
    knex = orm.em.getConnection().getKnex();
    const [row] = (await knex.raw('select id from organizations where subdomain = ?', [organization.subdomain])).rows;
    organizationId = row.id;
    locations = (
      await knex.raw('select id from locations where organization_id = ? order by id', [organizationId])
    ).rows.map((location: { id: number }) => location.id);
  });

  /** The search's condition (bookedSearchSql), counted. */
  const scanned = async (orderLocations: number[], appointmentLocations: number[]) => {
    const { rows } = await knex.raw(
      `select count(*)::int as n from purchase_orders po
        where po.organization_id = :org and (po.location_id = any(:orders::int[]) or po.location_id is null)
          and exists (select 1 from packing_lists pl join appointments a on a.id = pl.appointment_id
            where pl.organization_id = :org and a.organization_id = :org and a.state = any(:states::text[])
              and a.location_id = any(:appointments::int[]) and a.scheduled_at is not null
              and pl.purchase_order_id = po.id)`,
      { org: organizationId, orders: orderLocations, appointments: appointmentLocations, states: bookedStates },
    );
    return rows[0].n as number;
  };
  /** What keptBookedTotalSql reads. */
  const kept = async (orderLocations: number[], appointmentLocations: number[]) => {
    const { rows } = await knex.raw(
      `select coalesce(sum(count), 0)::int as n from booked_order_counts
        where organization_id = :org and order_location = any(:orders::int[])
          and appointment_locations && :appointments::int[]`,
      { org: organizationId, orders: [...orderLocations, 0], appointments: appointmentLocations },
    );
    return rows[0].n as number;
  };
  /** Every reader's scope: each non-empty set of locations, for orders and appointments alike. */
  const expectExact = async () => {
    const scopes = [1, 2, 3, 4, 5, 6, 7].map((bits) => locations.filter((_, i) => bits & (1 << i)));
    for (const scope of scopes) {
      expect(await kept(scope, scope), `scope ${scope}`).to.equal(await scanned(scope, scope));
    }
    expect(await kept([locations[0]!], locations)).to.equal(await scanned([locations[0]!], locations));
  };

  const location = () => fc.integer({ min: 0, max: 2 });
  const maybeLocation = () => fc.option(location(), { nil: null });
  const pick = (n: number) => fc.nat({ max: n });
  const state = () => fc.constantFrom(...appointmentStates);
  const operation = fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('order' as const), at: maybeLocation() }) },
    {
      weight: 3,
      arbitrary: fc.record({
        op: fc.constant('appointment' as const),
        at: location(),
        state: state(),
        timed: fc.boolean(),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        op: fc.constant('packing list' as const),
        appointment: pick(50),
        order: fc.option(pick(50)),
      }),
    },
    fc.record({ op: fc.constant('repoint packing list' as const), which: pick(50), order: fc.option(pick(50)) }),
    fc.record({ op: fc.constant('change state' as const), which: pick(50), state: state() }),
    fc.record({ op: fc.constant('move appointment' as const), which: pick(50), at: location() }),
    fc.record({ op: fc.constant('untime appointment' as const), which: pick(50) }),
    fc.record({ op: fc.constant('move order' as const), which: pick(50), at: maybeLocation() }),
    fc.record({ op: fc.constant('delete packing list' as const), which: pick(50) }),
    fc.record({ op: fc.constant('delete order' as const), which: pick(50) }),
    fc.record({ op: fc.constant('delete appointment' as const), which: pick(50) }),
    // Multi-row statements: the triggers are per statement.
    fc.record({ op: fc.constant('change state at' as const), at: location(), state: state() }),
    fc.record({ op: fc.constant('unassign orders at' as const), at: location() }),
  );
  type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never;

  /** The nth row of `table` in this organization (modulo its size), or undefined when it has none. */
  const nth = async (table: string, n: number) => {
    const { rows } = await knex.raw(
      `select id from ${table} where organization_id = ? order by id offset ? % greatest(1, (select count(*) from ${table} where organization_id = ?)) limit 1`,
      [organizationId, n, organizationId],
    );
    return rows[0]?.id as number | undefined;
  };
  const at = (index: number | null) => (index === null ? null : locations[index]!);
  /** Updates the nth row of `table` (none when it has no rows: id 0 matches nothing). */
  const changeNth = async (table: string, which: number, assignment: string, values: (string | number | null)[]) =>
    knex.raw(`update ${table} set ${assignment} where id = ?`, [...values, (await nth(table, which)) ?? 0]);
  const apply = async (step: Operation) => {
    const org = organizationId;
    switch (step.op) {
      case 'order':
        return knex.raw('insert into purchase_orders (organization_id, location_id, po_number) values (?, ?, ?)', [
          org,
          at(step.at),
          uniqueId('PO-'),
        ]);
      case 'appointment':
        return knex.raw(
          'insert into appointments (organization_id, location_id, state, scheduled_at) values (?, ?, ?, ?)',
          [org, at(step.at), step.state, step.timed ? new Date('2030-01-01T10:00:00Z') : null],
        );
      case 'packing list': {
        const appointment = await nth('appointments', step.appointment);
        const order = step.order === null ? null : await nth('purchase_orders', step.order);
        if (appointment === undefined) return;
        return knex.raw(
          `insert into packing_lists (organization_id, appointment_id, purchase_order_id, product_name, quantity)
            values (?, ?, ?, 'Pears', 1)`,
          [org, appointment, order ?? null],
        );
      }
      case 'repoint packing list': {
        const list = await nth('packing_lists', step.which);
        const order = step.order === null ? null : await nth('purchase_orders', step.order);
        if (list === undefined) return;
        return knex.raw('update packing_lists set purchase_order_id = ? where id = ?', [order ?? null, list]);
      }
      case 'change state':
        return changeNth('appointments', step.which, 'state = ?', [step.state]);
      case 'move appointment':
        return changeNth('appointments', step.which, 'location_id = ?', [at(step.at)]);
      case 'untime appointment':
        return changeNth('appointments', step.which, 'scheduled_at = null', []);
      case 'move order':
        return changeNth('purchase_orders', step.which, 'location_id = ?', [at(step.at)]);
      case 'delete packing list':
        return knex.raw('delete from packing_lists where id = ?', [(await nth('packing_lists', step.which)) ?? 0]);
      case 'delete order':
        return knex.raw('delete from purchase_orders where id = ?', [(await nth('purchase_orders', step.which)) ?? 0]);
      case 'delete appointment':
        return knex.raw('delete from appointments where id = ?', [(await nth('appointments', step.which)) ?? 0]);
      case 'change state at':
        return knex.raw('update appointments set state = ? where organization_id = ? and location_id = ?', [
          step.state,
          org,
          at(step.at),
        ]);
      case 'unassign orders at':
        return knex.raw('update purchase_orders set location_id = null where organization_id = ? and location_id = ?', [
          org,
          at(step.at),
        ]);
    }
  };

  it('equal counting the orders after any sequence of writes', async () => {
    let mostBooked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 60 }), async (steps) => {
        for (const step of steps) await apply(step);
        await expectExact();
        mostBooked = Math.max(mostBooked, await scanned(locations, locations));
      }),
      { numRuns: 15 },
    );
    // The runs build on one another's rows: the counts compared were not all zero.
    expect(mostBooked).to.be.greaterThan(0);
  });

  it('hold both of two transactions that book one order at different locations at once', async () => {
    const [order] = (
      await knex.raw(
        'insert into purchase_orders (organization_id, location_id, po_number) values (?, ?, ?) returning id',
        [organizationId, locations[0]!, uniqueId('PO-')],
      )
    ).rows;
    const appointments = [];
    for (const at of locations.slice(1, 3)) {
      const { rows } = await knex.raw(
        `insert into appointments (organization_id, location_id, state, scheduled_at) values (?, ?, 'booked', now()) returning id`,
        [organizationId, at],
      );
      appointments.push(rows[0].id as number);
    }
    // async, so the statement is sent at once (a knex query waits to be awaited).
    const book = async (trx: Knex.Transaction, appointment: number) =>
      trx.raw(
        `insert into packing_lists (organization_id, appointment_id, purchase_order_id, product_name, quantity)
          values (?, ?, ?, 'Pears', 1)`,
        [organizationId, appointment, order.id],
      );
    const first = await knex.transaction();
    const second = await knex.transaction();
    try {
      await book(first, appointments[0]!);
      // The second waits for the order's lock the first holds, then reads what the first committed.
      const waiting = book(second, appointments[1]!);
      await eventually('the second waiting for the lock', async () => {
        const { rows: locked } = await knex.raw<{ rows: unknown[] }>(
          "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
        );
        return locked.length > 0 || undefined;
      });
      await first.commit();
      await waiting;
      await second.commit();
    } finally {
      if (!first.isCompleted()) await first.rollback();
      if (!second.isCompleted()) await second.rollback();
    }
    const { rows } = await knex.raw('select appointment_locations from booked_orders where purchase_order_id = ?', [
      order.id,
    ]);
    expect(rows[0].appointment_locations).to.deep.equal(locations.slice(1, 3));
    await expectExact();
  });
});
