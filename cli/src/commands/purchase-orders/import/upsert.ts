// One order of an import: found by PO number, then updated, or created when there is none.
// Running it twice leaves the same order, so an interrupted import can simply be run again;
// the second run reports it unchanged.
import { type Schema, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import { findByPoNumber } from '../find.js';
import { patchAction, type RowAction } from './changes.js';
import { itemChanges } from './item-changes.js';
import type { ImportOrder } from './rows.js';

interface Upserted {
  action: RowAction;
  id: number;
}

/** `key` goes with a create as its Idempotency-Key, so a create retried after a lost answer is made once. */
export async function upsert(client: WarehouseClient, order: ImportOrder, key: string): Promise<Upserted> {
  const existing = await findByPoNumber(client, order.poNumber);
  if (!existing) {
    const body = {
      po_number: order.poNumber,
      ...order.fields,
      ...(order.items ? { purchase_order_items: order.items } : {}),
    };
    const created = await unwrap(
      client.POST('/purchase_orders', {
        params: { header: { 'Idempotency-Key': key } },
        body: { purchase_order: body as Schema<'PurchaseOrderCreate'> },
      }),
    );
    return { action: 'created', id: created.id };
  }
  // The file lists the order's complete items: the current ones it keeps stay, the rest change
  // in the same request (one transaction).
  const items = order.items && itemChanges(existing.purchase_order_items, order.items);
  const body = { ...order.fields, ...(items ? { purchase_order_items: items } : {}) };
  const params = { path: { id: existing.id } };
  const updated = await unwrap(
    client.PATCH('/purchase_orders/{id}', { params, body: { purchase_order: body as Schema<'PurchaseOrderUpdate'> } }),
  );
  return { action: patchAction(existing.updated_at, updated.updated_at), id: updated.id };
}
