// How an import writes a purchase order: found by its PO number (unique in the organization),
// created with its items, or updated so that its items become the file's, keeping the ones it
// already has (item-changes.ts).
import { type Schema, unwrap } from '@warehouse-kit/sdk';
import type { RecordWrites } from '../../../import/upsert.js';
import { findByPoNumber } from '../find.js';
import { itemChanges } from './item-changes.js';
import type { Order } from './rows.js';

export const orderWrites: RecordWrites<Order, Schema<'PurchaseOrder'>> = {
  find: (client, order) => findByPoNumber(client, order.poNumber),

  create: (client, order, key) => {
    const body = {
      po_number: order.poNumber,
      ...order.fields,
      ...(order.items ? { purchase_order_items: order.items } : {}),
    };
    return unwrap(
      client.POST('/purchase_orders', {
        params: { header: { 'Idempotency-Key': key } },
        body: { purchase_order: body as Schema<'PurchaseOrderCreate'> },
      }),
    );
  },

  update: (client, existing, order) => {
    // The file lists the order's complete items: the current ones it keeps stay, the rest change
    // in the same request (one transaction).
    const items = order.items && itemChanges(existing.purchase_order_items, order.items);
    const body = { ...order.fields, ...(items ? { purchase_order_items: items } : {}) };
    return unwrap(
      client.PATCH('/purchase_orders/{id}', {
        params: { path: { id: existing.id } },
        body: { purchase_order: body as Schema<'PurchaseOrderUpdate'> },
      }),
    );
  },
};
