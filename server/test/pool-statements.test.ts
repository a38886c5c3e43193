// Statements sent straight to a pooled connection (DECISIONS 268): the page reads of lists and
// the rate-limit count skip knex and `em.execute`, and must lose nothing by it: a read inside a
// transaction stays on the transaction's connection, values are inlined as the ORM inlines them,
// the statements still count on the pool, and a failed statement gives its connection back.
import { expect } from 'chai';
import { poolUsage } from '../src/db/orm.js';
import { onPooledConnection, readRows } from '../src/domain/pool-statements.js';
import { recordQueries, testOrm } from '../src/testing/database.js';

/** The message a statement failed with; fails the test if it succeeded. */
async function failure(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the statement succeeded');
}

describe('statements on pooled connections', () => {
  it("reads inside a transaction on the transaction's connection, so it sees its own uncommitted rows", async () => {
    const orm = await testOrm();
    const seen = await orm.em.fork().transactional(async (em) => {
      // A temporary table exists only on this transaction's connection.
      await em.execute('create temporary table uncommitted_rows (id int) on commit drop');
      await em.execute('insert into uncommitted_rows values (?), (?)', [1, 2]);
      return readRows<{ id: number }>(
        em,
        'select id from uncommitted_rows where id = any(array[?]::int[]) order by id',
        [[1, 2, 3]],
      );
    });
    expect(seen).to.deep.equal([{ id: 1 }, { id: 2 }]);
  });

  it('reads outside a transaction on a pooled connection, which does not see it', async () => {
    const orm = await testOrm();
    const em = orm.em.fork();
    await em.transactional(async (tx) => {
      await tx.execute('create temporary table uncommitted_rows (id int) on commit drop');
      expect(await failure(readRows(em, 'select id from uncommitted_rows', []))).to.match(/uncommitted_rows/);
    });
  });

  it('inlines values as em.execute does: quotes, arrays, nulls and numbers', async () => {
    const em = (await testOrm()).em.fork();
    const text = 'select ? as quoted, array[?]::int[] as ids, ?::text as nothing, ? + 1 as next';
    const values = ["O'Brien; drop table x --", [3, 1, 2], null, 41];
    const direct = await readRows(em, text, values);
    expect(direct).to.deep.equal([{ quoted: "O'Brien; drop table x --", ids: [3, 1, 2], nothing: null, next: 42 }]);
    expect(direct).to.deep.equal(await em.execute(text, values));
  });

  it('announces each statement on the pool, so counting statements still sees it', async () => {
    const orm = await testOrm();
    const sent = await recordQueries(async () => {
      await readRows(orm.em.fork(), 'select ? as one', [1]);
      await onPooledConnection(orm.em.getConnection().getKnex(), 'select $1::int as two', [2]);
    });
    expect(sent).to.deep.equal(['select 1 as one', 'select $1::int as two']);
  });

  it('gives a connection back after a failed statement, however many fail', async () => {
    const orm = await testOrm();
    const knex = orm.em.getConnection().getKnex();
    // More failures than the pool has connections: a leaked connection would stall the last ones.
    for (let i = 0; i < 12; i++)
      expect(await failure(onPooledConnection(knex, 'select 1 / $1::int', [0]))).to.match(/division by zero/);
    expect(poolUsage(orm).inUse).to.equal(0);
    expect(await onPooledConnection(knex, 'select 1 / $1::int as quotient', [1])).to.deep.equal([{ quotient: 1 }]);
  });
});
