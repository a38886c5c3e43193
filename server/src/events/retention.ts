// Events are kept for a number of days (DECISIONS 177). A sweep deletes older ones in batches,
// each its own short transaction: a transaction that deletes holds a transaction id, and the
// feed serves nothing above the oldest open one, so one long sweep would stall every reader.
// Each batch takes an advisory lock, so of several processes one sweeps at a time, and records
// per organization the highest position it deleted, so a cursor before it is refused (410)
// rather than read as if nothing had been missed.
import type { EntityManager } from '@mikro-orm/postgresql';
import { oneRow, sql, transaction } from '../sql/statements.js';

// Any fixed number; it names the lock that keeps sweeps of several processes apart.
const SWEEP_LOCK = 7_243_017;

const BATCH = 5_000;

/** One batch: how many events it deleted, or undefined when another process is sweeping. */
async function sweepBatch(em: EntityManager, retentionDays: number, batch: number): Promise<number | undefined> {
  return transaction(em, async (tx) => {
    const { locked } = await oneRow<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as locked`,
    );
    if (!locked) return undefined;
    const { deleted } = await oneRow<{ deleted: string }>(
      tx,
      sql`with cutoff as materialized (select now() - make_interval(days => ${retentionDays}::int) as before),
        gone as (
          delete from events where id in (
            select id from events where occurred_at < (select before from cutoff) order by occurred_at limit ${batch})
          returning organization_id, txid, id),
        marks as (
          select distinct on (organization_id) organization_id, txid, id from gone
          order by organization_id, txid desc, id desc),
        recorded as (
          insert into event_retention as r (organization_id, txid, id, deleted_before, retention_days)
            select organization_id, txid, id, (select before from cutoff), ${retentionDays}::int from marks
          on conflict (organization_id) do update set
            txid = case when (excluded.txid, excluded.id) > (r.txid, r.id) then excluded.txid else r.txid end,
            id = case when (excluded.txid, excluded.id) > (r.txid, r.id) then excluded.id else r.id end,
            deleted_before = excluded.deleted_before, retention_days = excluded.retention_days)
      select count(*) as deleted from gone`,
    );
    return Number(deleted);
  });
}

/**
 * Deletes every event older than `retentionDays`, batch by batch; answers how many it deleted
 * (none when another process holds the sweep).
 */
export async function sweepExpiredEvents(em: EntityManager, retentionDays: number, batch = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await sweepBatch(em, retentionDays, batch);
    total += deleted ?? 0;
    if (deleted === undefined || deleted < batch) return total;
  }
}
