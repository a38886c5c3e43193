// Every statement the floor sends goes through `query`, which publishes it on FLOOR_STATEMENTS
// before sending it, as the full stack's statements module publishes its own: the bench counts
// both servers' statements through these hooks (statements.ts), replacing no method of pg's.
import diagnostics_channel from 'node:diagnostics_channel';
import type pg from 'pg';

/** The diagnostics channel the floor's statements are published on, each as `{ text, values }`. */
export const FLOOR_STATEMENTS = 'wh-bench:floor-statement';

const channel = diagnostics_channel.channel(FLOOR_STATEMENTS);

/** `text` with its `values` as parameters, on `client` (a pool or one of its clients). */
export function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  client: pg.Pool | pg.PoolClient,
  text: string,
  values: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  if (channel.hasSubscribers) channel.publish({ text, values });
  return client.query<R>({ text, values });
}
