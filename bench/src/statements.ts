// Counts the SQL statements a request sends, on the server's own pool. Every statement of
// knex, MikroORM and rate-limiter-flexible (which takes raw connections from knex's pool),
// and of the bare server, goes through pg's Client#query, so counting calls to it counts
// all of them: BEGIN and COMMIT included.
import pg from 'pg';

export interface Statement {
  text: string;
  values: unknown[];
}

// Undefined outside statementsOf: under load nothing is kept, so the recording costs neither
// server anything while it is measured.
let sent: Statement[] | undefined;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
  sent?.push(
    typeof first === 'string'
      ? { text: first, values: values ?? [] }
      : { text: first.text, values: first.values ?? [] },
  );
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

/** The statements (with their parameters) that `request` caused, in the order they were sent. */
export async function statementsOf(request: () => Promise<unknown>): Promise<Statement[]> {
  const caught: Statement[] = [];
  sent = caught;
  try {
    await request();
  } finally {
    sent = undefined;
  }
  return caught;
}
