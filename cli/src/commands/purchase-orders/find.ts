// Finding an order by its PO number, which is unique in the organization.
import { type Schema, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';

export async function findByPoNumber(
  client: WarehouseClient,
  poNumber: string,
): Promise<Schema<'PurchaseOrder'> | undefined> {
  const orders = await unwrap(client.GET('/purchase_orders', { params: { query: { po_number: poNumber } } }));
  return orders[0];
}
