// The one way the server's own statements reach PostgreSQL (DECISIONS 470). A statement is an
// `sql` template (sql-template-tag): every value it holds is a bind parameter, `$n` in its text,
// never SQL text, and a `?` in the text is only a `?`. It is sent by pg's `query({ name, text,
// values })` on a connection of the pool the ORM opened (knex's, through its client's
// `acquireConnection`): the transaction's own when the entity manager is in one, so a write's
// reads see its rows, else one lent for that statement. Neither knex's runner nor MikroORM's
// `execute` is on the way: they cost more CPU than PostgreSQL spends answering a list's page
// (DECISIONS 268). Statements the ORM sends itself (the unit of work, its transactions' BEGIN and
// COMMIT, the migrator) go through knex, which announces each on its `query` event.
// - Transactions of its own: `transaction` holds one pooled connection from BEGIN to COMMIT, for
//   writes that send only statements; MikroORM's cost more than PostgreSQL's work on a write
//   (DECISIONS 495).
// - Named or not, by deployment: where a connection is the server's own (directly, or through a
//   pooler in session mode) a statement is prepared once per connection under a name that hashes
//   its text (DECISIONS 414); behind a pooler in transaction mode nothing is named, since the next
//   statement may reach another server connection, and the bounds on waiting are set in each
//   transaction (`set_config(…, true)`, SET LOCAL), since a session's settings would stay with a
//   server connection others share (DECISIONS 472).
// - Counted through a public hook: each statement is published on the diagnostics channel
//   STATEMENTS_CHANNEL before it is sent, with the ORM's connection it goes through.
// - Failures are the ORM's exceptions (its driver's `convertException`), as knex's statements'
//   are, so deadlocks are retried and unique violations answered as before.
// - A deadline on the client: every connection has pg's `query_timeout`, a second past the
//   server's own statement_timeout, for a server that cannot even cancel (stopped, or a network
//   that drops every packet). pg then fails the statement but keeps the connection waiting for
//   its answer, so the connection is ended (pg's `end()` destroys a socket with a statement in
//   flight), which fails what waits behind it at once; knex's pool drops an ended connection
//   (DECISIONS 371, 471).
import { createHash } from 'node:crypto';
import diagnostics_channel from 'node:diagnostics_channel';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import sql, { empty, join, raw, Sql } from 'sql-template-tag';

export { empty, join, raw, Sql, sql };

/** The diagnostics channel every statement sent here is published on (a SentStatement). */
export const STATEMENTS_CHANNEL = 'wh-server:statement';

/** What STATEMENTS_CHANNEL carries. */
export interface SentStatement {
  /** The ORM's connection the statement goes through: which database, for a subscriber that watches one. */
  database: object;
  text: string;
  values: readonly unknown[];
}

const channel = diagnostics_channel.channel(STATEMENTS_CHANNEL);

/** How a database's statements are sent. */
export interface StatementSettings {
  /** Named prepared statements; off behind a pooler in transaction mode. */
  named: boolean;
  /** The connections' `query_timeout` (ms): a statement unanswered for so long ends its connection. */
  deadlineMs?: number;
  /**
   * Behind a pooler in transaction mode: statement_timeout and idle_in_transaction_session_timeout
   * (ms), set at the start of every transaction, for that transaction alone.
   */
  transactionBoundsMs?: number;
}

/** The statement that bounds a session's waits, or with `local` one transaction's (SET LOCAL). */
export const boundsSql = (timeoutMs: number, local: boolean): Sql =>
  sql`select set_config('statement_timeout', ${String(timeoutMs)}, ${local}),
    set_config('idle_in_transaction_session_timeout', ${String(timeoutMs)}, ${local})`;

interface DatabaseState extends StatementSettings {
  /** When a statement last failed because of where it was sent (not what it said), and why. */
  failed?: { at: number; reason: string };
}

const databases = new WeakMap<object, DatabaseState>();

/** pg's error for a statement past its connection's `query_timeout`. */
const DEADLINE_PASSED = 'Query read timeout';

/** What the statements need of a pg connection. */
interface PgConnection {
  query(config: {
    name?: string;
    text: string;
    values: unknown[];
  }): Promise<{ rows: unknown[]; rowCount: number | null; command: string }>;
  end(): Promise<void>;
}

/** Ends a connection left waiting for an answer that may never come; knex's pool then drops it. */
function endWaiting(connection: PgConnection): void {
  connection.end().catch(() => {});
}

/** When each transaction sent its COMMIT, on performance.now()'s clock. */
const committing = new WeakMap<Knex.Transaction, number>();

/**
 * Sets how the statements of `em`'s database (its ORM's connection) are sent. The ORM's own
 * transactions (the unit of work's, in provisioning and migrations; `transaction` below does
 * both itself) get the same from MikroORM's public transaction events: behind a pooler in
 * transaction mode their bounds as their first statement, and with a deadline, one whose COMMIT
 * (which knex sends) went unanswered past it has its connection ended before MikroORM sends the
 * ROLLBACK, so that one does not wait as long again behind it.
 */
export function configureStatements(em: EntityManager, settings: StatementSettings): void {
  const known = databases.has(em.getConnection());
  databases.set(em.getConnection(), { ...settings });
  const { deadlineMs, transactionBoundsMs } = settings;
  if (known) return;
  if (transactionBoundsMs !== undefined)
    em.getEventManager().registerSubscriber({
      afterTransactionStart: async ({ em: manager, transaction }) => {
        const local = boundsSql(transactionBoundsMs, true);
        await send(manager as EntityManager, local, { transaction: transaction as Knex.Transaction });
      },
    });
  if (deadlineMs === undefined) return;
  em.getEventManager().registerSubscriber({
    beforeTransactionCommit: ({ transaction }) => {
      committing.set(transaction as Knex.Transaction, performance.now());
    },
    beforeTransactionRollback: async ({ transaction }) => {
      const trx = transaction as Knex.Transaction;
      const sent = committing.get(trx);
      if (sent === undefined || performance.now() - sent < deadlineMs) return;
      endWaiting((await (trx.client as Knex.Client).acquireConnection()) as PgConnection);
    },
  });
}

function stateOf(database: object): DatabaseState {
  let state = databases.get(database);
  if (!state) {
    state = { named: true };
    databases.set(database, state);
  }
  return state;
}

/**
 * SQLSTATEs that say a statement could not be prepared or run on the connection it reached,
 * whatever it said: a prepared statement missing (26000) or already there (42P05), as behind a
 * pooler in transaction mode with named statements, and a protocol the other side refused (08P01).
 */
const DEPLOYMENT_STATES: Record<string, string> = {
  '26000': 'a prepared statement was missing on the connection it reached',
  '42P05': 'a prepared statement already existed on the connection it reached',
  '08P01': 'the database refused the protocol',
};

/** How long a failure of DEPLOYMENT_STATES keeps the database reported as failing (readiness). */
export const FAILING_FOR_MS = 10_000;

/**
 * Why statements fail on `em`'s database, if one failed for DEPLOYMENT_STATES's reasons within
 * FAILING_FOR_MS: a server whose statements fail so is not ready, whatever a probe says.
 */
export function statementsFailing(em: EntityManager, now = Date.now()): string | undefined {
  const failed = databases.get(em.getConnection())?.failed;
  return failed && now - failed.at < FAILING_FOR_MS ? failed.reason : undefined;
}

/**
 * Names of statements seen, by text. Past this many a statement goes unnamed (parsed and
 * planned each time): a bound on what each connection keeps, should a text ever vary freely.
 */
const MAX_NAMED = 1_000;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  const name = `wh_${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

export interface SendOptions {
  /**
   * Sent unnamed, so that PostgreSQL plans it for its values each time: a list's page past the
   * first, whose plan depends on its offset. Named, pages of every offset shared the generic
   * plan PostgreSQL chose after five runs, which for page 1,000 of products read its 25,000
   * rows by index: 43 ms, against 8 ms planned for its offset (DECISIONS 414).
   */
  planEachTime?: boolean;
}

/** The connection each transaction of `transaction` holds, by the entity manager its work was handed. */
const held = new WeakMap<EntityManager, PgConnection>();

async function send(
  em: EntityManager,
  statement: Sql,
  {
    planEachTime = false,
    transaction = em.getTransactionContext<Knex.Transaction>(),
  }: SendOptions & {
    /** The ORM's transaction to send in, when `em` does not know it yet (as it starts). */
    transaction?: Knex.Transaction;
  },
) {
  const database = em.getConnection();
  const state = stateOf(database);
  const { text, values } = statement;
  const name = state.named && !planEachTime ? nameOf(text) : undefined;
  if (channel.hasSubscribers) channel.publish({ database, text, values } satisfies SentStatement);
  const own = held.get(em);
  // The ORM's transaction's client lends only the transaction's connection, and keeps it.
  const client = own ? undefined : ((transaction ?? database.getKnex()).client as Knex.Client);
  const connection = own ?? ((await client!.acquireConnection()) as PgConnection);
  try {
    return await connection.query({ name, text, values });
  } catch (error) {
    if ((error as Error).message === DEADLINE_PASSED) endWaiting(connection);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code in DEPLOYMENT_STATES)
      state.failed = { at: Date.now(), reason: `${DEPLOYMENT_STATES[code]} (${code})` };
    // As knex words its failures: the statement (its placeholders, never its values), then why.
    (error as Error).message = `${text} - ${(error as Error).message}`;
    throw em.getDriver().convertException(error as Error);
  } finally {
    client?.releaseConnection(connection);
  }
}

/**
 * Runs `work` in one transaction on one connection of the ORM's pool, which it holds until the
 * transaction ends, and answers what `work` answered once COMMIT succeeded. Every statement sent
 * with the entity manager `work` is handed goes into that transaction; any error rolls it back
 * and is thrown (a deadlock as the ORM's DeadlockException, for retryingRaces). BEGIN and COMMIT
 * are statements like any other: published, and bounded by the connection's deadline, so a
 * COMMIT left unanswered ends its connection (DECISIONS 471, 495). Behind a pooler in transaction
 * mode, the transaction's bounds are its first statement (DECISIONS 472).
 * *Why not `em.transactional`:* the writes send statements only, and MikroORM's transaction
 * (a fork with its own transaction manager and a knex transaction) cost about 250 µs of CPU per
 * write (DECISIONS 495); the unit of work keeps MikroORM's, which it needs (provisioning).
 */
export async function transaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  const database = em.getConnection();
  const { transactionBoundsMs } = stateOf(database);
  const client = database.getKnex().client as Knex.Client;
  const connection = (await client.acquireConnection()) as PgConnection;
  const tx = em.fork();
  held.set(tx, connection);
  try {
    await send(tx, sql`begin`, { planEachTime: true });
    try {
      if (transactionBoundsMs !== undefined) await send(tx, boundsSql(transactionBoundsMs, true), {});
      const result = await work(tx);
      const { command } = await send(tx, sql`commit`, { planEachTime: true });
      // PostgreSQL answers the COMMIT of a transaction a statement failed in with ROLLBACK: the
      // work caught that error, and what it answers was never written.
      if (command !== 'COMMIT')
        throw new Error(`the transaction was rolled back (${command}): a statement of it failed`);
      return result;
    } catch (error) {
      // The ROLLBACK ends what the work left open. After a failed COMMIT, PostgreSQL has ended the
      // transaction already or the connection is ended: it then only warns, or fails. Either way
      // the first error is the answer.
      await send(tx, sql`rollback`, { planEachTime: true }).catch(() => {});
      throw error;
    }
  } finally {
    held.delete(tx);
    client.releaseConnection(connection);
  }
}

/** The rows of `statement`, sent on `em`'s transaction's connection, else on a pooled one. */
export async function rows<R>(em: EntityManager, statement: Sql, options: SendOptions = {}): Promise<R[]> {
  return (await send(em, statement, options)).rows as R[];
}

/** How many rows `statement` (an insert, update or delete) wrote, sent as `rows` sends. */
export async function affectedRows(em: EntityManager, statement: Sql): Promise<number> {
  return (await send(em, statement, {})).rowCount ?? 0;
}

/** The one row of `statement`, which always answers one (an aggregate, say), sent as `rows` sends. */
export async function oneRow<R>(em: EntityManager, statement: Sql): Promise<R> {
  const [row] = await rows<R>(em, statement);
  if (row === undefined) throw new Error('a statement that answers one row answered none');
  return row;
}

/**
 * Bounds the waits of a new connection's session (behind a pooler in session mode, which refuses
 * them as startup parameters): a connection's setup, not a request's statement, so not published.
 */
export async function boundSession(connection: unknown, timeoutMs: number): Promise<void> {
  const { text, values } = boundsSql(timeoutMs, false);
  await (connection as PgConnection).query({ text, values });
}
