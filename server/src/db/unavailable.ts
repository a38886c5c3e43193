// Whether an error means the database cannot serve right now, rather than that a statement is
// wrong: PostgreSQL is down, restarting, not answering within WH_DB_TIMEOUT_MS, or out of
// connections. Such a request is answered 503 with Retry-After, never 500 (DECISIONS 370): the
// same request succeeds once the database is back. The driver gives no code for a connection it
// lost, so those are known by its own words.

/** SQLSTATE classes and codes that say the server cannot serve, not that the statement is wrong. */
const UNAVAILABLE_STATES = [
  /^08/, // connection exception
  /^53/, // insufficient resources: too many connections, out of memory, disk full
  /^57P0[1-5]$/, // the server is shutting down, crashed, starting up or ended an idle session
  /^57014$/, // statement_timeout cancelled the statement
  /^25P03$/, // idle_in_transaction_session_timeout ended the session
  // A named statement missing on the connection it reached, or there already: a pooler in
  // transaction mode that the server was not told of (WH_DB_POOLER, DECISIONS 472).
  /^26000$/,
  /^42P05$/,
];

/** Socket errors reaching or talking to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * What pg says of a connection it lost, or of a statement it gave up on (its query_timeout, the
 * client's deadline; the statement is put before it), and what knex says when a COMMIT failed that way: MikroORM's ROLLBACK then finds the transaction
 * already ended, and its error replaces the COMMIT's (seen in the fault run, test/chaos.test.ts).
 */
const LOST_CONNECTION =
  /Connection terminated|timeout expired|is not queryable|timeout exceeded when trying to connect|Query read timeout|Transaction query already complete/;

interface DriverError {
  name?: string;
  code?: unknown;
  message?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code, message } = error as DriverError;
  // knex's pool found no free connection within WH_DB_TIMEOUT_MS.
  if (name === 'KnexTimeoutError') return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.some((state) => state.test(code))))
    return true;
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
