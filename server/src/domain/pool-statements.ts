// Statements sent straight to a connection of the ORM's pool, for the two that every list
// request sends: its rate-limit count and its page. Through knex and `em.execute` each cost
// more CPU than PostgreSQL spends answering (a runner, a query object, event emitters, debug
// calls and a second formatting pass per statement); here a statement is one pg `query` on a
// client taken from the same pool, so connections and their limits stay shared (DECISIONS 268).
// Only statements outside a transaction come here: an entity manager inside one sends its
// statements on the transaction's connection, through `em.execute`, so a write's reads see its
// own changes (readRows). Each statement is announced as knex announces its own (the `query`
// event), so whatever counts the pool's statements (the tests' recordQueries) still sees it.
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/** The pg client knex's pool hands out: only `query` is used. */
interface PooledClient {
  query(text: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

/** Runs one statement on a pooled connection, given back once it has answered (or failed). */
export async function onPooledConnection<R>(knex: Knex, text: string, values?: readonly unknown[]): Promise<R[]> {
  if (knex.listenerCount('query') > 0) knex.emit('query', { sql: text, bindings: values ?? [] });
  const client = knex.client as Knex.Client;
  const connection = (await client.acquireConnection()) as PooledClient;
  try {
    return (await connection.query(text, values)).rows as R[];
  } finally {
    client.releaseConnection(connection);
  }
}

/** `?` placeholders numbered as pg takes them (`$1`, `$2` …), for SQL that holds no other `?`. */
export function numberedPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * The rows of a read. In a transaction, on its connection through `em.execute`; outside one, on
 * a pooled connection, with the values inlined exactly as `em.execute` inlines them (the same
 * statement text reaches PostgreSQL either way).
 */
export function readRows<R>(em: EntityManager, text: string, values: Knex.Value[]): Promise<R[]> {
  if (em.isInTransaction()) return em.execute<R[]>(text, values);
  return onPooledConnection<R>(em.getConnection().getKnex(), em.getPlatform().formatQuery(text, values));
}
