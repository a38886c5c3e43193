// Counts the SQL statements a request sends, through the hooks each server offers: the full
// stack's statements module publishes its statements on STATEMENTS_CHANNEL (a write's BEGIN and
// COMMIT included) and knex announces the ORM's own on its `query` event; the floor publishes its statements on
// FLOOR_STATEMENTS (floor-query.ts). Nothing listens outside statementsOf, so under load
// neither server pays for the counting.
import diagnostics_channel from 'node:diagnostics_channel';
import { type Orm, type SentStatement, STATEMENTS_CHANNEL } from '@warehouse-kit/server';
import { FLOOR_STATEMENTS } from './floor-query.js';

export interface Statement {
  text: string;
  values: readonly unknown[];
}

/** The statements (with their parameters) that `request` caused on either server, in the order they were sent. */
export async function statementsOf(orm: Orm, request: () => Promise<unknown>): Promise<Statement[]> {
  const caught: Statement[] = [];
  const published = (message: unknown) => {
    const { text, values } = message as SentStatement;
    caught.push({ text, values });
  };
  const fromKnex = (query: { sql: string; bindings?: unknown[] }) =>
    caught.push({ text: query.sql, values: query.bindings ?? [] });
  const knex = orm.em.getConnection().getKnex();
  diagnostics_channel.subscribe(STATEMENTS_CHANNEL, published);
  diagnostics_channel.subscribe(FLOOR_STATEMENTS, published);
  knex.on('query', fromKnex);
  try {
    await request();
  } finally {
    diagnostics_channel.unsubscribe(STATEMENTS_CHANNEL, published);
    diagnostics_channel.unsubscribe(FLOOR_STATEMENTS, published);
    knex.removeListener('query', fromKnex);
  }
  return caught;
}
