// An ERP pushes its purchase orders: each order of the export is created, or updated by its
// po_number with its line items replaced, so the job can run again and again.
//
//   WH_BASE_URL=http://acme.localhost:3000 WH_TOKEN=acme-admin-token \
//     node examples/dist/sdk/sync-purchase-orders.js examples/sdk/erp-orders.json
import { readFileSync } from 'node:fs';
import { type Schema, unwrap, ValidationError } from '@warehouse-kit/sdk';
import { client } from './connection.js';

type ErpOrder = Schema<'PurchaseOrderCreate'>;

const file = process.argv[2];
if (!file) {
  console.error('usage: sync-purchase-orders.js ORDERS.json');
  process.exit(2);
}
const orders = JSON.parse(readFileSync(file, 'utf8')) as ErpOrder[];

async function sync(order: ErpOrder): Promise<string> {
  const [existing] = await unwrap(
    client.GET('/purchase_orders', { params: { query: { po_number: order.po_number } } }),
  );
  if (!existing) {
    const created = await unwrap(client.POST('/purchase_orders', { body: { purchase_order: order } }));
    return `created ${created.po_number} (id ${created.id}) at ${created.location_name ?? 'no warehouse yet'}`;
  }
  // Items without an id are added, so the export's items replace the stored ones.
  const items = [
    ...existing.purchase_order_items.map((item) => ({ id: item.id, _destroy: true })),
    ...(order.purchase_order_items ?? []),
  ];
  const updated = await unwrap(
    client.PATCH('/purchase_orders/{id}', {
      params: { path: { id: existing.id } },
      body: { purchase_order: { ...order, purchase_order_items: items } },
    }),
  );
  return `updated ${updated.po_number} (id ${updated.id}) at ${updated.location_name ?? 'no warehouse yet'}`;
}

for (const order of orders) {
  try {
    console.log(await sync(order));
  } catch (error) {
    // A rejected order is reported and the others still go through.
    if (!(error instanceof ValidationError)) throw error;
    console.error(`rejected ${order.po_number}: ${JSON.stringify(error.errors)}`);
    process.exitCode = 1;
  }
}
