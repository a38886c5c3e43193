// Imports to a location interface go through that location's bulk upload (POST /bulk_uploads),
// CHUNK_SIZE orders a request instead of two requests an order, so 1,000 orders take five
// requests. An upload is all or nothing: when it names failing rows, those are reported and the
// rest of the chunk is sent again without them. Each request carries a key derived from the file
// and its rows (keys.ts), and a bulk upload creates or updates by po_number, so a re-run after a
// crash or an interruption neither duplicates nor loses an order.
import { NotFoundError, type Schema, toApiError, ValidationError, type WarehouseClient } from '@warehouse-kit/sdk';
import { importKey } from '../../../import/keys.js';
import type { ImportRecord } from '../../../import/rows.js';
import type { BatchImport, Outcome } from '../../../import/run.js';
import { uploadActions } from './changes.js';
import type { Order } from './rows.js';

/** Orders per upload: well inside the API's 1,000 rows and 10 MiB a request. */
export const CHUNK_SIZE = 200;

type Entry = ImportRecord<Order>;
type BulkOutcome = Outcome & { entry: Entry };

/** `purchase_orders[3].purchase_order_items[0].quantity` → 3 and the rest of the path. */
const rowPath = /^purchase_orders\[(\d+)\]\.?(.*)$/;

/** The order as an upload row: the interface is its location, so a location_name is either that one or refused. */
function rowOf({ record: order }: Entry, location: string): Schema<'BulkPurchaseOrderRow'> | string {
  const { location_name: named, ...fields } = order.fields;
  if (named !== undefined && (typeof named !== 'string' || named.trim().toLowerCase() !== location.toLowerCase()))
    return `this location interface imports only to ${location}; use the organization interface for other locations or unassigned orders`;
  return {
    po_number: order.poNumber,
    ...fields,
    ...(order.items ? { purchase_order_items: order.items } : {}),
  } as Schema<'BulkPurchaseOrderRow'>;
}

/** Sends one chunk, again without its failing rows until what is left goes through. */
async function uploadChunk(
  client: WarehouseClient,
  digest: string,
  location: string,
  chunk: Entry[],
): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  let pending: { entry: Entry; row: Schema<'BulkPurchaseOrderRow'> }[] = [];
  for (const entry of chunk) {
    const row = rowOf(entry, location);
    if (typeof row === 'string') outcomes.push({ entry, action: 'failed', id: null, error: row });
    else pending.push({ entry, row });
  }
  while (pending.length) {
    const key = importKey(
      digest,
      pending.map(({ entry }) => entry.line),
      location,
    );
    const sent = Date.now();
    const result = await client.POST('/bulk_uploads', {
      params: { header: { 'Idempotency-Key': key } },
      body: { bulk_upload: { purchase_orders: pending.map(({ row }) => row) } },
    });
    if (result.data) {
      const rows = await uploadActions(client, result.data.purchase_orders, result.response, Date.now() - sent);
      for (const { row, id, action } of rows) outcomes.push({ entry: pending[row]!.entry, action, id, error: null });
      return outcomes;
    }
    const error = toApiError(result);
    const failing = error instanceof ValidationError ? failingRows(error.errors, pending.length) : new Map();
    if (failing.size === 0) throw error;
    for (const [index, messages] of failing)
      outcomes.push({ entry: pending[index]!.entry, action: 'failed', id: null, error: messages.join('; ') });
    pending = pending.filter((_, index) => !failing.has(index));
  }
  return outcomes;
}

/** The rows a 422 names, each with its messages; empty when it names none (then the whole chunk failed). */
function failingRows(errors: Record<string, string[]>, rows: number): Map<number, string[]> {
  const failing = new Map<number, string[]>();
  for (const [path, messages] of Object.entries(errors)) {
    const match = rowPath.exec(path);
    if (!match || Number(match[1]) >= rows) return new Map();
    const index = Number(match[1]);
    const field = match[2] || 'base';
    failing.set(index, [...(failing.get(index) ?? []), ...messages.map((message) => `${field} ${message}`)]);
  }
  return failing;
}

/**
 * The interface's location when the client talks to a location interface, which has bulk
 * uploads; undefined on the organization interface, which answers them 404. An empty upload
 * asks, writing nothing.
 */
async function bulkUploadLocation(client: WarehouseClient): Promise<string | undefined> {
  const result = await client.POST('/bulk_uploads', { body: { bulk_upload: { purchase_orders: [] } } });
  if (result.data) return result.data.location_name;
  const error = toApiError(result);
  if (error instanceof NotFoundError) return undefined;
  throw error;
}

/**
 * On a location interface, every order through bulk uploads, chunk after chunk, until a signal
 * stops it between chunks; undefined on the organization interface. An error that is not about
 * rows stops it.
 */
export async function bulkImport(client: WarehouseClient, digest: string): Promise<BatchImport<Order> | undefined> {
  const location = await bulkUploadLocation(client);
  if (location === undefined) return undefined;
  return async (entries, done, signal) => {
    for (let start = 0; start < entries.length && !signal.aborted; start += CHUNK_SIZE)
      done(await uploadChunk(client, digest, location, entries.slice(start, start + CHUNK_SIZE)));
  };
}
