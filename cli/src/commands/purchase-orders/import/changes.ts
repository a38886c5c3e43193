// Whether a bulk upload changed an order, so that a re-run of the same file reports "unchanged"
// instead of "created" or "updated" again. The server leaves an order's updated_at alone when a
// write changes nothing in it (the ORM writes only changed fields; items only when they change),
// so the orders written since the upload tell a real update from a no-op (DECISIONS 135).
import {
  ApiError,
  ConnectionError,
  paginate,
  type Schema,
  TimeoutError,
  type WarehouseClient,
} from '@warehouse-kit/sdk';
import type { RowAction } from '../../../import/upsert.js';

type UploadedRow = Schema<'BulkUploadRow'>;
/** A row of an upload's answer, its action settled. */
type SettledRow = Omit<UploadedRow, 'action'> & { action: RowAction };

/** Ids of the orders of this interface written at or after `since`. */
async function writtenSince(client: WarehouseClient, since: Date): Promise<Set<number>> {
  const ids = new Set<number>();
  const query = { updated_since: since.toISOString(), per_page: 100 };
  for await (const order of paginate(client, '/purchase_orders', { params: { query } })) ids.add(order.id);
  return ids;
}

/**
 * The actions of an applied bulk upload's order rows, with `unchanged` where it wrote nothing:
 * every row of an answer replayed from the idempotency store (`Idempotent-Replayed`, the same
 * file within the key's lifetime), and an "updated" row whose order is not among those written
 * since the upload was sent. That moment is read off the server's own clock, the answer's
 * `Date` less the time the request took, so that a skewed local clock cannot hide a change;
 * without a `Date` header every "updated" stays as it is.
 */
export async function uploadActions(
  client: WarehouseClient,
  rows: UploadedRow[],
  response: Response,
  tookMs: number,
): Promise<SettledRow[]> {
  if (response.headers.get('Idempotent-Replayed') === 'true')
    return rows.map((row) => ({ ...row, action: 'unchanged' }));
  const answered = Date.parse(response.headers.get('Date') ?? '');
  if (Number.isNaN(answered) || !rows.some((row) => row.action === 'updated')) return rows;
  let written: Set<number>;
  try {
    // `Date` has whole seconds: one more keeps a write of that same second in.
    written = await writtenSince(client, new Date(answered - tookMs - 1_000));
  } catch (error) {
    // The upload went through; a list that cannot be read only means whctl cannot tell, so the
    // rows keep the server's word (and a failure every request meets stops the next chunk).
    if (error instanceof ApiError || error instanceof ConnectionError || error instanceof TimeoutError) return rows;
    throw error;
  }
  return rows.map((row) => (row.action === 'updated' && !written.has(row.id) ? { ...row, action: 'unchanged' } : row));
}
