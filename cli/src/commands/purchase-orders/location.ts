// Assign, move and unassign are one API call: PATCH with the destination in the body's
// `location_name` (null unassigns), never in the URL, which would only narrow the lookup.

import { type Schema, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import { InvalidArgumentError } from 'commander';
import { type ChangeSafety, ifMatchHeader } from '../shared/safe-writes.js';
import { type OrderRefFlags, orderId } from './order-ref.js';

export function setLocation(
  client: WarehouseClient,
  id: number,
  locationName: string | null,
  header: { 'If-Match'?: string } = {},
): Promise<Schema<'PurchaseOrder'>> {
  return unwrap(
    client.PATCH('/purchase_orders/{id}', {
      params: { path: { id }, header },
      body: { purchase_order: { location_name: locationName } },
    }),
  );
}

/** Sets the location of the order the command line names, under the If-Match its flags ask for. */
export async function relocate(
  client: WarehouseClient,
  id: number | undefined,
  flags: OrderRefFlags & ChangeSafety,
  locationName: string | null,
): Promise<Schema<'PurchaseOrder'>> {
  const params = { path: { id: await orderId(client, id, flags) } };
  const header = await ifMatchHeader(flags, () => client.GET('/purchase_orders/{id}', { params }));
  return setLocation(client, params.path.id, locationName, header);
}

/** A destination for --to. The API reads a blank name as "unassign", which has its own command. */
export function destination(value: string): string {
  if (!value.trim())
    throw new InvalidArgumentError('expected a location name (to unassign, use "whctl purchase-orders unassign")');
  return value;
}
