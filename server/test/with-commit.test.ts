// Statements sent with their transaction's COMMIT (DECISIONS 294), as a write's events are: one
// round trip for both, nothing sent when the transaction rolls back, and a failing statement
// rolls the whole transaction back and leaves its connection clean for the next request.
import { DriverException } from '@mikro-orm/core';
import { recordQueries, testDatabaseUrl, testOrm } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type Orm, openOrm } from '../src/db/orm.js';
import { sendWithCommit } from '../src/db/with-commit.js';
import { rejection } from './support/rejection.js';

describe('statements sent with COMMIT', () => {
  // One connection, so the statement after a failed commit runs on the same connection.
  let orm: Orm;
  const rows = async () =>
    (await orm.em.fork().execute<{ note: string }[]>('select note from with_commit_rows order by id')).map(
      (row) => row.note,
    );

  before(async () => {
    await testOrm();
    orm = await openOrm(testDatabaseUrl(), { poolSize: 1 });
    await orm.em.getConnection().execute('create table with_commit_rows (id serial primary key, note text)');
  });
  beforeEach(() => orm.em.getConnection().execute('truncate with_commit_rows'));
  after(async () => {
    await orm.em.getConnection().execute('drop table with_commit_rows');
    await orm.close();
  });

  it('sends them, in order, in the one statement that commits, after what the transaction wrote', async () => {
    const sent = await recordQueries(async () => {
      await (await testOrm()).em.fork().transactional(async (em) => {
        await em.execute("insert into with_commit_rows (note) values ('write')");
        sendWithCommit(em, "insert into with_commit_rows (note) values ('first')");
        sendWithCommit(em, "insert into with_commit_rows (note) values ('second')");
      });
    });
    expect(sent.slice(1)).to.deep.equal([
      "insert into with_commit_rows (note) values ('write')",
      "insert into with_commit_rows (note) values ('first');\n" +
        "insert into with_commit_rows (note) values ('second');\nCOMMIT;",
    ]);
    expect(await rows()).to.deep.equal(['write', 'first', 'second']);
  });

  it('never sends them when the transaction rolls back', async () => {
    const failed = orm.em.fork().transactional(async (em) => {
      await em.execute("insert into with_commit_rows (note) values ('write')");
      sendWithCommit(em, "insert into with_commit_rows (note) values ('event')");
      throw new Error('the write was refused');
    });
    expect((await rejection(failed)).message).to.equal('the write was refused');
    expect(await rows()).to.deep.equal([]);
  });

  it("rolls everything back when one fails, reports the ORM's exception and leaves the connection clean", async () => {
    const failed = orm.em.fork().transactional(async (em) => {
      await em.execute("insert into with_commit_rows (note) values ('write')");
      sendWithCommit(em, 'select 1 / 0');
    });
    const error = await rejection(failed);
    expect(error).to.be.instanceOf(DriverException);
    expect(error.message).to.match(/division by zero/);
    // The pool's only connection: still inside the failed transaction, it would refuse both.
    expect(await rows()).to.deep.equal([]);
    await orm.em.fork().transactional(async (em) => {
      sendWithCommit(em, "insert into with_commit_rows (note) values ('next')");
    });
    expect(await rows()).to.deep.equal(['next']);
  });

  it('refuses a statement outside a transaction or inside a savepoint, where no COMMIT would carry it', async () => {
    expect(() => sendWithCommit(orm.em.fork(), 'select 1')).to.throw(/outermost transaction/);
    await orm.em.fork().transactional(async (em) => {
      await em.transactional(async (inner) => {
        expect(() => sendWithCommit(inner, 'select 1')).to.throw(/outermost transaction/);
      });
    });
  });
});
