// One record of an import: found by its key, then updated, or created when there is none.
// Running it twice leaves the same record, so an interrupted import can simply be run again;
// the second run reports it unchanged. The server leaves a record's updated_at alone when a
// write changes nothing in it (DECISIONS 135), so comparing it tells a real update from a no-op.
import type { WarehouseClient } from '@warehouse-kit/sdk';

export type RowAction = 'created' | 'updated' | 'unchanged';

/** What every record the API answers carries. */
export interface Stored {
  id: number;
  updated_at: string;
}

/** How one resource's records are found, created and updated. */
export interface RecordWrites<R, E extends Stored = Stored> {
  /** The record the API has under this one's key, if any; a key that names several is an error for the row. */
  find(client: WarehouseClient, record: R): Promise<E | undefined>;
  /** `key` goes with the create as its Idempotency-Key, so a create retried after a lost answer is made once. */
  create(client: WarehouseClient, record: R, key: string): Promise<Stored>;
  update(client: WarehouseClient, existing: E, record: R): Promise<Stored>;
}

/** An update: unchanged when the record's updated_at is the one it had before. */
export function patchAction(before: string, after: string): RowAction {
  const [was, is] = [Date.parse(before), Date.parse(after)];
  return Number.isNaN(was) || was !== is ? 'updated' : 'unchanged';
}

export async function upsert<R, E extends Stored>(
  client: WarehouseClient,
  writes: RecordWrites<R, E>,
  record: R,
  key: string,
): Promise<{ action: RowAction; id: number }> {
  const existing = await writes.find(client, record);
  if (!existing) return { action: 'created', id: (await writes.create(client, record, key)).id };
  const updated = await writes.update(client, existing, record);
  return { action: patchAction(existing.updated_at, updated.updated_at), id: updated.id };
}
