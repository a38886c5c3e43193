// How each kind of record the suite creates is undone. Keyed by the collection a POST went
// to, so no check can create something the clean-up does not know about.

import { isObject } from '@warehouse-kit/spec';
import { type Endpoint, type Exchange, preview, send } from './http.js';

type Undo = (endpoint: Endpoint, id: number) => Promise<string>;

/** A record to undo: its key, how the clean-up names it, and how. */
type UndoEntry = { key: string; label: string; run: () => Promise<string> };

async function remove(endpoint: Endpoint, template: string, id: number): Promise<string> {
  const answer = await send(endpoint, 'DELETE', template, { path: { id } });
  if (answer.status === 204 || answer.status === 200) return 'deleted';
  if (answer.status === 404) return 'already gone';
  throw new Error(`DELETE ${template.replace('{id}', String(id))} answered ${answer.status} ${preview(answer.body)}`);
}

// Appointments cannot be deleted (section 4.5); cancelling is the closest the API offers.
async function cancelAppointment(endpoint: Endpoint, id: number): Promise<string> {
  const answer = await send(endpoint, 'PATCH', '/appointments/{id}', {
    path: { id },
    body: { appointment: { state: 'cancelled' } },
  });
  if (answer.status === 200) return 'cancelled (appointments cannot be deleted)';
  const current = await send(endpoint, 'GET', '/appointments/{id}', { path: { id } });
  const state = isObject(current.body) ? current.body.state : undefined;
  if (state === 'cancelled' || state === 'left')
    return `kept in its final state ${state} (appointments cannot be deleted)`;
  throw new Error(`cancelling appointment ${id} answered ${answer.status} ${preview(answer.body)}`);
}

const undoers: Record<string, { what: string; undo: Undo }> = {
  '/products': { what: 'product', undo: (endpoint, id) => remove(endpoint, '/products/{id}', id) },
  '/companies': { what: 'company', undo: (endpoint, id) => remove(endpoint, '/companies/{id}', id) },
  '/purchase_orders': { what: 'purchase order', undo: (endpoint, id) => remove(endpoint, '/purchase_orders/{id}', id) },
  '/appointments': { what: 'appointment', undo: cancelAppointment },
  // The webhooks checks' endpoint (an extension); deleting it deletes its deliveries (DECISIONS 249).
  '/webhook_endpoints': {
    what: 'webhook endpoint',
    undo: (endpoint, id) => remove(endpoint, '/webhook_endpoints/{id}', id),
  },
};

const succeeded = (exchange: Exchange) => exchange.status >= 200 && exchange.status <= 299;

/** The clean-up of a record the deployment made on its own, such as a customer an order's item created. */
export function undoRecord(endpoint: Endpoint, collection: '/companies', id: number, name: string): UndoEntry {
  const undoer = undoers[collection]!;
  return {
    key: recordKey(collection, id),
    label: `${undoer.what} ${id} (${name})`,
    run: () => undoer.undo(endpoint, id),
  };
}

/** `/products/42` for a record of the collection `/products`. */
export function recordKey(collection: string, id: unknown): string {
  return `${collection}/${String(id)}`;
}

/** The record a successful DELETE removed, as its key; undefined for anything else. */
export function deletedKey(exchange: Exchange, path: Record<string, string | number> | undefined): string | undefined {
  if (exchange.method !== 'DELETE' || !succeeded(exchange) || path?.id === undefined) return undefined;
  return recordKey(exchange.template.replace('/{id}', ''), path.id);
}

/**
 * The clean-up for each record a successful bulk upload created (DECISIONS 3, 38): its answer
 * lists the rows by id and action; updated rows were the run's own already.
 */
export function undoBulkUpload(endpoint: Endpoint, exchange: Exchange): UndoEntry[] {
  if (exchange.method !== 'POST' || exchange.template !== '/bulk_uploads' || !succeeded(exchange)) return [];
  const body = isObject(exchange.body) ? exchange.body : {};
  return (['products', 'purchase_orders'] as const).flatMap((kind) => {
    const collection = `/${kind}`;
    const undoer = undoers[collection]!;
    const rows = Array.isArray(body[kind]) ? (body[kind] as unknown[]).filter(isObject) : [];
    return rows
      .filter((row) => row.action === 'created' && typeof row.id === 'number')
      .map((row) => ({
        key: recordKey(collection, row.id),
        label: `${undoer.what} ${row.id} (row ${String(row.row)} of a bulk upload)`,
        run: () => undoer.undo(endpoint, row.id as number),
      }));
  });
}

/** The clean-up for a create that succeeded, undone with the same client that created it. */
export function undoCreate(endpoint: Endpoint, exchange: Exchange): UndoEntry | undefined {
  const undoer = undoers[exchange.template];
  if (exchange.method !== 'POST' || !undoer || !succeeded(exchange)) return undefined;
  const record = isObject(exchange.body) ? exchange.body : {};
  const id = record.id;
  if (typeof id !== 'number') {
    // Created, but the answer does not say what: it cannot be undone, and must be reported.
    return {
      key: exchange.url,
      label: `${undoer.what} created by ${exchange.method} ${exchange.url}`,
      run: async () => {
        throw new Error(
          `the create answered ${exchange.status} without an id (${preview(exchange.body)}), so it cannot be undone`,
        );
      },
    };
  }
  const name = record.name ?? record.po_number ?? record.notes ?? record.description;
  return {
    key: recordKey(exchange.template, id),
    label: `${undoer.what} ${id}${typeof name === 'string' ? ` (${name})` : ''}`,
    run: () => undoer.undo(endpoint, id),
  };
}
