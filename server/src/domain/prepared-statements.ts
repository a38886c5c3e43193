// The statements every request sends: its rate-limit count, a list's page, and a write's reads
// and writes of one record. They go as PostgreSQL prepared statements, their values as
// parameters, straight to a pg connection (DECISIONS 268, 414).
// - Prepared: with the values inlined into the text, every statement was new to PostgreSQL,
//   which parsed and planned it again each time: the order read whole with its items and
//   booked appointments cost about 0.6 ms of PostgreSQL's CPU in planning, and 0.2 ms to run.
//   Named by a hash of its text, a statement is parsed once per connection and PostgreSQL keeps
//   its plan when a generic one serves as well as a fresh one. The text depends on the
//   statement's shape only (which columns, which filters), never on a user's values.
// - Straight to the connection: knex's runner and MikroORM's `execute` cost more CPU than
//   PostgreSQL spends answering these statements. The connection is the transaction's when
//   the entity manager has one, so a write's reads see its own rows, else one lent by the
//   ORM's pool; each statement is announced as knex announces its own (its `query` event), so
//   the statement counts (recordQueries) see it.
import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { Sql, Versioned } from './sql.js';

/** What the statements need of a pg client. */
interface PgClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * `sql` with pg's numbered placeholders. A list value, which `em.execute` writes out as a list
 * (`in (?)`, `array[?]`), becomes one array parameter (`= any($n)`, `$n`), so that the text
 * does not grow with the list.
 */
export function parameterized({ text, values }: Sql): { text: string; values: unknown[] } {
  let n = 0;
  const numbered = text.replace(/ in \(\?\)|array\[\?\]|\?/g, (placeholder) => {
    const parameter = `$${n + 1}`;
    const list = Array.isArray(values[n++]);
    if (!list || placeholder === '?') return placeholder.replace('?', parameter);
    return placeholder === ' in (?)' ? ` = any(${parameter})` : parameter;
  });
  if (n !== values.length) throw new Error(`${values.length} values for ${n} placeholders`);
  return { text: numbered, values };
}

/** A statement's text as PostgreSQL gets it, and its name; no name: it goes unnamed. */
interface Prepared {
  text: string;
  name?: string;
}

/**
 * Statements seen, by their text and which values are lists. Past this many, a statement goes
 * unnamed (parsed and planned each time) and is worked out again: a bound on what each
 * connection keeps, should a text ever hold a value. Remembering them spares each request
 * numbering and hashing texts of a few kilobytes.
 */
const MAX_PREPARED = 1_000;
const prepared = new Map<string, Prepared>();

function preparedOf(sql: Sql): Prepared {
  const key = `${sql.values.map((value) => (Array.isArray(value) ? 'l' : 'v')).join('')}\n${sql.text}`;
  const known = prepared.get(key);
  if (known) return known;
  const { text } = parameterized(sql);
  if (prepared.size >= MAX_PREPARED) return { text };
  const statement = { text, name: `wh_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}` };
  prepared.set(key, statement);
  return statement;
}

export interface PreparedOptions {
  /** What a failure of the statement itself becomes (not one to get a connection). */
  convert?: (error: Error) => Error;
  /**
   * Sent unnamed, so that PostgreSQL plans it for its values each time: a list's page past the
   * first, whose plan depends on its offset. Named, pages of every offset shared the generic
   * plan PostgreSQL chose after five runs, which for page 1,000 of products read its 25,000
   * rows by index: 43 ms, against 8 ms planned for its offset.
   */
  planEachTime?: boolean;
}

/**
 * The rows of `sql` (`?` placeholders), run as a prepared statement on a connection of `client`:
 * a transaction's own, or one lent by `knex`'s pool and given back when it answers or fails.
 * A failure to get a connection (the pool's timeout, which means the database is unavailable)
 * is left as it is.
 */
export async function preparedOn<R>(
  knex: Knex,
  client: Knex.Client,
  sql: Sql,
  { convert = (error) => error, planEachTime = false }: PreparedOptions = {},
): Promise<R[]> {
  const { text, name } = preparedOf(sql);
  const { values } = sql;
  if (knex.listenerCount('query') > 0) knex.emit('query', { sql: text, bindings: values });
  const connection = (await client.acquireConnection()) as PgClient;
  try {
    return (await connection.query({ name: planEachTime ? undefined : name, text, values })).rows as R[];
  } catch (error) {
    throw convert(error as Error);
  } finally {
    client.releaseConnection(connection);
  }
}

/**
 * The rows of `sql` on the connection `em` sends on: its transaction's, else a pooled one. A
 * failed statement is the ORM's exception, as knex's statements' are, so deadlocks are retried
 * and unique violations answered as before.
 */
export function preparedRows<R>(
  em: EntityManager,
  sql: Sql,
  options: Pick<PreparedOptions, 'planEachTime'> = {},
): Promise<R[]> {
  const knex = em.getConnection().getKnex();
  const transaction = em.getTransactionContext<Knex.Transaction>();
  return preparedOn<R>(knex, (transaction ?? knex).client as Knex.Client, sql, {
    ...options,
    convert: (error) => em.getDriver().convertException(error),
  });
}

/** Runs a write's statement (preparedRows) whose rows carry their `version`, each read with `read`. */
export async function versionedRows<Raw, Row>(
  em: EntityManager,
  sql: Sql,
  read: (raw: Raw) => Row,
): Promise<Versioned<Row>[]> {
  const rows = await preparedRows<Raw & { version: string }>(em, sql);
  return rows.map((raw) => ({ ...read(raw), version: raw.version }));
}
