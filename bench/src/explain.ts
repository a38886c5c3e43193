// `--explain`: the plans PostgreSQL chose for the statements a list request sends, replayed
// with their own parameters under EXPLAIN (ANALYZE, BUFFERS).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Statement } from './statements.js';

/** Reads of a list's rows and counts; not the rate limiter's or authentication's statements. */
const isListRead = (statement: Statement, tables: string[]) =>
  /^\s*select/i.test(statement.text) && tables.some((table) => new RegExp(`from "?${table}"?\\b`).test(statement.text));

export async function explain(em: EntityManager, statements: Statement[], tables: string[]): Promise<string[]> {
  const knex = em.getConnection().getKnex();
  const plans: string[] = [];
  for (const statement of statements.filter((s) => isListRead(s, tables))) {
    const connection = await knex.client.acquireConnection();
    try {
      const { rows } = await connection.query(`explain (analyze, buffers) ${statement.text}`, statement.values);
      plans.push(
        [
          statement.text.replace(/\s+/g, ' ').trim(),
          ...rows.map((row: Record<string, string>) => `  ${row['QUERY PLAN']}`),
        ].join('\n'),
      );
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }
  return plans;
}
