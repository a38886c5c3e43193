// From the ids the API shows to the rows behind them (DECISIONS 440): a test that reads or
// writes rows directly names them by their row ids, which the API never shows (and which the
// test run keeps apart from every shown id: testing/database.ts).

import type { World } from '@warehouse-kit/testing/server';
import { testOrm } from '@warehouse-kit/testing/server';
import { recordTables } from '../../src/db/migrations/Migration20261207100000_organization_ids.js';

/** The row id of `world`'s record of `table` that the API shows as `id`. */
export async function rowIdOf(world: World, table: string, id: number): Promise<number> {
  const [row] = await (await testOrm()).em.getConnection().execute<{ id: number }[]>(
    `select t.id from ${table} t join organizations o on o.id = t.organization_id
        where o.subdomain = ? and t.public_id = ?`,
    [world.id, id],
  );
  if (!row) throw new Error(`${world.id} has no ${table} shown as ${id}`);
  return Number(row.id);
}

/** The id the API shows for the row of `table` whose row id is `rowId` (a write outside HTTP answers row ids). */
export async function shownIdOf(table: string, rowId: number): Promise<number> {
  const [row] = await (await testOrm()).em
    .getConnection()
    .execute<{ public_id: number }[]>(`select public_id from ${table} where id = ?`, [rowId]);
  if (!row) throw new Error(`${table} has no row ${rowId}`);
  return row.public_id;
}

/**
 * Moves `world`'s ids on, as if it had written a million records: its next record's id is one
 * no other test organization has (ids count per organization), so a request naming that id
 * from another organization names nothing there.
 */
export async function idsAhead(world: World): Promise<void> {
  await (await testOrm()).em.getConnection().execute(
    `select setval(format('%s_ids_%s', t, o.id)::regclass, 1000000)
       from organizations o, unnest(array[?]::text[]) as t where o.subdomain = ?`,
    [recordTables, world.id],
  );
}
