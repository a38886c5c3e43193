// Statements sent in the same round trip as their transaction's COMMIT. A write's events are
// the last thing it writes (DECISIONS 171), so they need not cost a round trip of their own:
// `insert into events …; COMMIT;` goes as one simple query, which PostgreSQL runs in order and
// stops at the first failure (DECISIONS 294). Knex sends COMMIT through its transaction's own
// client object, made for that one transaction, so the statements ride on it there and nowhere
// else; a transaction that rolls back never sends them.
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/** What knex's per-transaction client sends a statement through, and the pg connection it holds. */
interface TransactionClient {
  query(connection: RawConnection, statement: unknown): Promise<unknown>;
}
interface RawConnection {
  query(text: string): Promise<unknown>;
}

/** Statements waiting for their transaction's COMMIT, by the transaction's client. */
const waiting = new WeakMap<TransactionClient, string[]>();

/**
 * Sends `statement` (complete SQL, values inlined) with the COMMIT of the transaction `em` is
 * in, after any sent before it. If a statement fails, PostgreSQL skips the COMMIT: the
 * transaction is rolled back here, so the connection goes back to the pool clean, and the
 * error reaches the caller as the ORM's exception (a deadlock is retried like any other).
 */
export function sendWithCommit(em: EntityManager, statement: string): void {
  const transaction = em.getTransactionContext<Knex.Transaction>();
  // A savepoint's end is RELEASE, not COMMIT: the statement would never be sent.
  if (!transaction || 'savepointName' in transaction) {
    throw new Error('sendWithCommit needs the outermost transaction');
  }
  const client = transaction.client as unknown as TransactionClient;
  const statements = waiting.get(client);
  if (statements) {
    statements.push(statement);
    return;
  }
  waiting.set(client, [statement]);
  const query = client.query;
  client.query = function (connection, sent) {
    if (sent !== 'COMMIT;') return query.call(this, connection, sent);
    client.query = query;
    const batch = [...waiting.get(client)!, 'COMMIT;'].join(';\n');
    return query.call(this, connection, batch).catch(async (error: Error) => {
      // The statement's own error is the one to report; a connection too broken to roll back is
      // dropped by the pool, which ends the transaction too.
      await connection.query('ROLLBACK').catch(() => undefined);
      throw em.getDriver().convertException(error);
    });
  };
}
