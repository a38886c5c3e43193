// The one way the server's statements reach PostgreSQL (sql/statements.ts, DECISIONS 470): values
// are bind parameters and a `?` is only a `?`; a read in a transaction stays on its connection;
// statements are named where the deployment allows and unnamed where it does not; each is
// published on the statements channel and on no event of knex's; failures are the ORM's
// exceptions; a failed statement gives its connection back; and a statement that fails because
// of where it was sent (a prepared statement missing) marks the database as failing.
import diagnostics_channel from 'node:diagnostics_channel';
import { DeadlockException, DriverException } from '@mikro-orm/core';
import { recordQueries, testDatabaseUrl, testOrm } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { openOrm, poolUsage } from '../src/db/orm.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import {
  configureStatements,
  oneRow,
  raw,
  rows,
  type SentStatement,
  STATEMENTS_CHANNEL,
  sql,
  statementsFailing,
  transaction,
} from '../src/sql/statements.js';
import { rejection } from './support/rejection.js';

/** How many statements the connection of `em`'s transaction holds prepared with this text. */
const preparedOnConnection = async (em: Parameters<typeof rows>[0], text: string) =>
  Number(
    (await oneRow<{ count: string }>(em, sql`select count(*) from pg_prepared_statements where statement = ${text}`))
      .count,
  );

describe('statements sent through the one module', () => {
  it('sends every value as a bind parameter, so quotes, dollars and question marks are only text', async () => {
    const em = (await testOrm()).em.fork();
    const hostile = `O'Brien; drop table x -- $1 ? \\ ?? $$`;
    const [row] = await rows<Record<string, unknown>>(
      em,
      sql`select ${hostile}::text as quoted, ${[3, 1, 2]}::int[] as ids, ${null}::text as nothing,
        ${41}::int + 1 as next, '{"a": 1}'::jsonb ? 'a' as has_key, '?' as mark`,
    );
    expect(row).to.deep.equal({ quoted: hostile, ids: [3, 1, 2], nothing: null, next: 42, has_key: true, mark: '?' });
  });

  it("reads inside a transaction on the transaction's connection, so it sees its own uncommitted rows", async () => {
    const seen = await transaction((await testOrm()).em, async (em) => {
      // A temporary table exists only on this transaction's connection.
      await rows(em, sql`create temporary table uncommitted_rows (id int) on commit drop`);
      await rows(em, sql`insert into uncommitted_rows values (${1}), (${2})`);
      return rows<{ id: number }>(
        em,
        sql`select id from uncommitted_rows where id = any(${[1, 2, 3]}::int[]) order by id`,
      );
    });
    expect(seen).to.deep.equal([{ id: 1 }, { id: 2 }]);
  });

  it('reads outside a transaction on a pooled connection, which does not see it', async () => {
    const em = (await testOrm()).em.fork();
    await transaction(em, async (tx) => {
      await rows(tx, sql`create temporary table uncommitted_rows (id int) on commit drop`);
      const error = await rejection(rows(em, sql`select id from uncommitted_rows`));
      expect(error.message).to.match(/uncommitted_rows/);
    });
  });

  it('prepares a statement once per connection and runs it again by name, where statements are named', async () => {
    const statement = (answer: number) => sql`select ${answer}::int + 0 as named_answer`;
    const prepared = await transaction((await testOrm()).em, async (em) => {
      for (const answer of [1, 2, 3])
        expect(await rows(em, statement(answer))).to.deep.equal([{ named_answer: answer }]);
      return preparedOnConnection(em, statement(0).text);
    });
    expect(prepared).to.equal(1);
  });

  it('sends a statement to be planned for its values each time (a later page) unnamed, keeping none', async () => {
    const statement = (answer: number) => sql`select ${answer}::int + 0 as planned_each_time`;
    const kept = await transaction((await testOrm()).em, async (em) => {
      for (const answer of [1, 2])
        expect(await rows(em, statement(answer), { planEachTime: true })).to.deep.equal([
          { planned_each_time: answer },
        ]);
      return preparedOnConnection(em, statement(0).text);
    });
    expect(kept).to.equal(0);
  });

  it('names no statement where the deployment says not to (behind a pooler in transaction mode)', async () => {
    const orm = await openOrm(testDatabaseUrl(), { poolSize: 1 });
    try {
      configureStatements(orm.em, { named: false });
      const statement = (answer: number) => sql`select ${answer}::int + 0 as unnamed_answer`;
      const kept = await transaction(orm.em, async (em) => {
        for (const answer of [1, 2]) await rows(em, statement(answer));
        return preparedOnConnection(em, statement(0).text);
      });
      expect(kept).to.equal(0);
    } finally {
      await orm.close();
    }
  });

  it("publishes each statement on the statements channel, with its database, and fires none of knex's events", async () => {
    const orm = await testOrm();
    const knex = orm.em.getConnection().getKnex();
    const published: SentStatement[] = [];
    const fromKnex: unknown[] = [];
    const subscriber = (message: unknown) => published.push(message as SentStatement);
    const listener = (query: unknown) => fromKnex.push(query);
    diagnostics_channel.subscribe(STATEMENTS_CHANNEL, subscriber);
    knex.on('query', listener);
    try {
      await rows(orm.em.fork(), sql`select ${1}::int as one`);
    } finally {
      diagnostics_channel.unsubscribe(STATEMENTS_CHANNEL, subscriber);
      knex.removeListener('query', listener);
    }
    expect(published).to.deep.equal([{ database: orm.em.getConnection(), text: 'select $1::int as one', values: [1] }]);
    expect(fromKnex).to.deep.equal([]);
    // The test runs' count takes both: the module's statements and knex's own (the BEGIN and
    // COMMIT of the ORM's transactions, which provisioning's unit of work runs in).
    const sent = await recordQueries(() => orm.em.fork().transactional((em) => rows(em, sql`select ${2}::int as two`)));
    expect(sent).to.deep.equal(['BEGIN;', 'select $1::int as two', 'COMMIT;']);
  });

  it("runs `transaction`'s work between a BEGIN and a COMMIT of its own, on one connection, each a published statement", async () => {
    const orm = await testOrm();
    const current = sql`select pg_current_xact_id()::text as id, pg_backend_pid() as pid`;
    let seen: { id: string; pid: number }[] = [];
    const sent = await recordQueries(() =>
      transaction(orm.em, async (em) => {
        seen = [await oneRow(em, current), await oneRow(em, current)];
      }),
    );
    expect(sent).to.deep.equal(['begin', current.text, current.text, 'commit']);
    expect(seen[1]).to.deep.equal(seen[0]);
    expect(poolUsage(orm).inUse).to.equal(0);
  });

  it("rolls back all of `transaction`'s work when it throws, gives its connection back and throws the same error", async () => {
    const orm = await testOrm();
    const table = `rolled_back_${process.pid}_${Date.now()}`;
    const refused = new Error('refused by a rule');
    const error = await rejection(
      transaction(orm.em, async (em) => {
        await rows(em, sql`create table ${raw(table)} (id int)`);
        throw refused;
      }),
    );
    expect(error).to.equal(refused);
    expect(poolUsage(orm).inUse).to.equal(0);
    expect(await oneRow(orm.em.fork(), sql`select to_regclass(${table}) as found`)).to.deep.equal({ found: null });
  });

  it("refuses to answer a `transaction` whose COMMIT PostgreSQL turned into a ROLLBACK (a failed statement's error caught)", async () => {
    const orm = await testOrm();
    const table = `never_committed_${process.pid}_${Date.now()}`;
    const error = await rejection(
      transaction(orm.em, async (em) => {
        await rows(em, sql`create table ${raw(table)} (id int)`);
        await rejection(rows(em, sql`select 1 / ${0}::int`));
        return 'written';
      }),
    );
    expect(error.message).to.match(/rolled back/);
    expect(await oneRow(orm.em.fork(), sql`select to_regclass(${table}) as found`)).to.deep.equal({ found: null });
  });

  it("leaves pg's connections as pg made them: the deadline is pg's query_timeout, no method is replaced", async () => {
    const orm = await testOrm();
    // A write through the API first: no transaction's or connection's method is swapped for it either.
    await transaction(orm.em, (em) => rows(em, sql`select 1`));
    const client = orm.em.getConnection().getKnex().client;
    const connection = await client.acquireConnection();
    try {
      expect(Object.hasOwn(connection, 'query'), 'query replaced on the connection').to.equal(false);
      expect(connection.connectionParameters.query_timeout).to.be.a('number').above(0);
    } finally {
      client.releaseConnection(connection);
    }
  });

  it("fails with the ORM's exceptions, so a deadlock is retried as one", async () => {
    const em = (await testOrm()).em.fork();
    const error = await rejection(rows(em, sql`select 1 / ${0}::int`));
    expect(error).to.be.instanceOf(DriverException);
    expect(error.message).to.match(/division by zero/);
    const deadlock = await rejection(
      rows(em, sql`do $$ begin raise exception using errcode = '40P01', message = 'planted'; end $$`),
    );
    expect(deadlock).to.be.instanceOf(DeadlockException);
  });

  it("leaves the pool's timeout for a connection as it is, so it still reads as the database away", async () => {
    const orm = await openOrm(testDatabaseUrl(), { poolSize: 1, timeoutMs: 200 });
    try {
      const client = orm.em.getConnection().getKnex().client;
      const held = await client.acquireConnection();
      const error = await rejection(rows(orm.em.fork(), sql`select 1`));
      client.releaseConnection(held);
      expect(error.name).to.equal('KnexTimeoutError');
      expect(isDatabaseUnavailable(error)).to.equal(true);
    } finally {
      await orm.close();
    }
  });

  it('gives a connection back after a failed statement, however many fail', async () => {
    const orm = await testOrm();
    // More failures than the pool has connections: a leaked connection would stall the last ones.
    for (let i = 0; i < 12; i++) {
      const error = await rejection(rows(orm.em.fork(), sql`select 1 / ${0}::int`));
      expect(error.message).to.match(/division by zero/);
    }
    expect(poolUsage(orm).inUse).to.equal(0);
    expect(await rows(orm.em.fork(), sql`select 1 / ${1}::int as quotient`)).to.deep.equal([{ quotient: 1 }]);
  });

  it('reports the database failing when a named statement is missing on the connection it reached', async () => {
    const orm = await openOrm(testDatabaseUrl(), { poolSize: 1 });
    try {
      expect(statementsFailing(orm.em)).to.equal(undefined);
      const statement = sql`select ${1}::int as missing_later`;
      const error = await orm.em.fork().transactional(async (em) => {
        await rows(em, statement);
        // As a transaction pooler does, the connection's server side no longer holds it.
        await rows(em, sql`deallocate all`);
        return rejection(rows(em, statement));
      });
      expect((error as { code?: string }).code).to.equal('26000');
      expect(statementsFailing(orm.em)).to.match(/prepared statement was missing/);
    } finally {
      await orm.close();
    }
  });
});
