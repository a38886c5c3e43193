// Assign, move and unassign are one API call: PATCH with the destination in the body's
// `location_name` (null unassigns), never in the URL, which would only narrow the lookup.

import { type Schema, unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import { InvalidArgumentError } from 'commander';

export function setLocation(
  client: WarehouseClient,
  id: number,
  locationName: string | null,
): Promise<Schema<'PurchaseOrder'>> {
  return unwrap(
    client.PATCH('/purchase_orders/{id}', {
      params: { path: { id } },
      body: { purchase_order: { location_name: locationName } },
    }),
  );
}

/** A destination for --to. The API reads a blank name as "unassign", which has its own command. */
export function destination(value: string): string {
  if (!value.trim())
    throw new InvalidArgumentError('expected a location name (to unassign, use "whctl purchase-orders unassign")');
  return value;
}
