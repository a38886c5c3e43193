// A statement PostgreSQL never answers (the server hung or stopped, a network that drops every
// packet) cannot be ended by its statement_timeout, since the server is not running to enforce
// it, nor seen by TCP keepalive, since the peer's kernel still acknowledges. So every statement a
// pooled connection sends has a deadline on the client as well, a second after the server's own:
// past it the connection is closed, which fails the statement and whatever waits behind it on
// the connection (a transaction's ROLLBACK) at once, and the pool makes a new one (DECISIONS 371).

/** What the deadline needs of a pg client: its `query`, and the socket to close. */
interface PgClient {
  query(...args: unknown[]): unknown;
  connection: { stream: { destroy(error?: Error): void } };
}

/** Time the server's cancellation of a statement (statement_timeout) has to arrive, before the client gives up. */
export const CLIENT_DEADLINE_MARGIN_MS = 1_000;

/** Gives every statement of `client` a deadline of `ms` milliseconds, after which its connection is closed. */
export function closeWhenUnanswered(client: PgClient, ms: number): void {
  const query = client.query;
  client.query = function (this: PgClient, ...args: unknown[]) {
    const timer = setTimeout(
      () => client.connection.stream.destroy(new Error(`no answer from the database within ${ms} ms`)),
      ms,
    );
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // knex's form: query(config, callback).
      args[last] = (...outcome: unknown[]) => {
        clearTimeout(timer);
        return callback(...outcome);
      };
      return query.apply(this, args);
    }
    // The promise form, as statements sent straight to a pooled connection use it (domain/prepared-statements.ts).
    const answered = query.apply(this, args) as Promise<unknown>;
    answered.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return answered;
  };
}
