// Prepared statements sent straight to a connection (DECISIONS 268, 414): the rate-limit count,
// lists' pages and a write's statements skip knex and `em.execute`, and must lose nothing by it:
// a read inside a transaction stays on the transaction's connection, values reach PostgreSQL as
// `em.execute` sent them, a statement is parsed once per connection and not again, the
// statements still count on the pool, failures are the ORM's exceptions, and a failed statement
// gives its connection back.
import { DeadlockException, DriverException } from '@mikro-orm/core';
import type { Knex } from '@mikro-orm/postgresql';
import { recordQueries, testOrm } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { poolUsage } from '../src/db/orm.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { parameterized, preparedOn, preparedRows } from '../src/domain/prepared-statements.js';
import { rejection } from './support/rejection.js';

describe('prepared statements sent straight to a connection', () => {
  it('numbers placeholders, and turns a list written out (in, array) into one array parameter', () => {
    expect(
      parameterized({
        text: 'select 1 where a = ? and b in (?) and c in (?) and d = any(array[?]::int[]) and e = ?::json',
        values: [1, ['x', 'y'], 7, [1, 2], '{}'],
      }),
    ).to.deep.equal({
      text: 'select 1 where a = $1 and b = any($2) and c in ($3) and d = any($4::int[]) and e = $5::json',
      values: [1, ['x', 'y'], 7, [1, 2], '{}'],
    });
    expect(() => parameterized({ text: 'select ?, ?', values: [1] })).to.throw(/1 values for 2 placeholders/);
  });

  it("reads inside a transaction on the transaction's connection, so it sees its own uncommitted rows", async () => {
    const orm = await testOrm();
    const seen = await orm.em.fork().transactional(async (em) => {
      // A temporary table exists only on this transaction's connection.
      await em.execute('create temporary table uncommitted_rows (id int) on commit drop');
      await em.execute('insert into uncommitted_rows values (?), (?)', [1, 2]);
      return preparedRows<{ id: number }>(em, {
        text: 'select id from uncommitted_rows where id = any(array[?]::int[]) order by id',
        values: [[1, 2, 3]],
      });
    });
    expect(seen).to.deep.equal([{ id: 1 }, { id: 2 }]);
  });

  it('reads outside a transaction on a pooled connection, which does not see it', async () => {
    const orm = await testOrm();
    const em = orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute('create temporary table uncommitted_rows (id int) on commit drop');
      const error = await rejection(preparedRows(em, { text: 'select id from uncommitted_rows', values: [] }));
      expect(error.message).to.match(/uncommitted_rows/);
    });
  });

  it('gives the rows em.execute gives for the same values: quotes, lists, nulls and numbers', async () => {
    const em = (await testOrm()).em.fork();
    const text =
      'select ?::text as quoted, array[?]::int[] as ids, ?::text as nothing, ? + 1 as next, 2 in (?) as listed';
    const values = ["O'Brien; drop table x --", [3, 1, 2], null, 41, [1, 2]];
    const prepared = await preparedRows(em, { text, values });
    expect(prepared).to.deep.equal([
      { quoted: "O'Brien; drop table x --", ids: [3, 1, 2], nothing: null, next: 42, listed: true },
    ]);
    expect(prepared).to.deep.equal(await em.execute(text, values));
  });

  it('parses a statement once per connection and runs it again by name', async () => {
    const orm = await testOrm();
    const text = 'select ? + 0 as answer';
    const prepared = await orm.em.fork().transactional(async (em) => {
      for (const answer of [1, 2, 3])
        expect(await preparedRows(em, { text, values: [answer] })).to.deep.equal([{ answer }]);
      return em.execute<{ count: string }[]>('select count(*) from pg_prepared_statements where statement = ?', [
        parameterized({ text, values: [0] }).text,
      ]);
    });
    expect(Number(prepared[0]!.count)).to.equal(1);
  });

  it('sends a statement to be planned for its values each time (a later page) unnamed, keeping none', async () => {
    const orm = await testOrm();
    const text = 'select ? + 0 as planned_each_time';
    const kept = await orm.em.fork().transactional(async (em) => {
      for (const answer of [1, 2])
        expect(await preparedRows(em, { text, values: [answer] }, { planEachTime: true })).to.deep.equal([
          { planned_each_time: answer },
        ]);
      return em.execute<{ count: string }[]>('select count(*) from pg_prepared_statements where statement = ?', [
        parameterized({ text, values: [0] }).text,
      ]);
    });
    expect(Number(kept[0]!.count)).to.equal(0);
  });

  it('announces each statement on the pool, so counting statements still sees it', async () => {
    const orm = await testOrm();
    const knex = orm.em.getConnection().getKnex();
    const sent = await recordQueries(async () => {
      await preparedRows(orm.em.fork(), { text: 'select ?::int as one', values: [1] });
      await preparedOn(knex, knex.client, { text: 'select ?::int as two', values: [2] });
    });
    expect(sent).to.deep.equal(['select $1::int as one', 'select $1::int as two']);
  });

  it("fails with the ORM's exceptions, so a deadlock is retried as one", async () => {
    const em = (await testOrm()).em.fork();
    const error = await rejection(preparedRows(em, { text: 'select 1 / ?::int', values: [0] }));
    expect(error).to.be.instanceOf(DriverException);
    expect(error.message).to.match(/division by zero/);
    const deadlock = await rejection(
      preparedRows(em, {
        text: `do $$ begin raise exception using errcode = '40P01', message = 'planted'; end $$`,
        values: [],
      }),
    );
    expect(deadlock).to.be.instanceOf(DeadlockException);
  });

  it('leaves a failure to get a connection as it is, so the pool timeout still reads as the database away', async () => {
    const knex = (await testOrm()).em.getConnection().getKnex();
    const timeout = Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' });
    const pool = { acquireConnection: () => Promise.reject(timeout), releaseConnection: () => undefined };
    const error = await rejection(
      preparedOn(
        knex,
        pool as unknown as Knex.Client,
        { text: 'select 1', values: [] },
        { convert: () => new Error('converted') },
      ),
    );
    expect(error).to.equal(timeout);
    expect(isDatabaseUnavailable(error)).to.equal(true);
  });

  it('gives a connection back after a failed statement, however many fail', async () => {
    const orm = await testOrm();
    const knex = orm.em.getConnection().getKnex();
    // More failures than the pool has connections: a leaked connection would stall the last ones.
    for (let i = 0; i < 12; i++) {
      const error = await rejection(preparedOn(knex, knex.client, { text: 'select 1 / ?::int', values: [0] }));
      expect(error.message).to.match(/division by zero/);
    }
    expect(poolUsage(orm).inUse).to.equal(0);
    expect(await preparedOn(knex, knex.client, { text: 'select 1 / ?::int as quotient', values: [1] })).to.deep.equal([
      { quotient: 1 },
    ]);
  });
});
