// What a measured write sends: the load generator's requests (load.ts), and the one the bench
// sends to each server to count its statements (run.ts), are the same requests.

/**
 * A write instead of a GET: a new order with 10 items at Toronto DC (numbers unique per
 * process and request), or a change of one item's quantity to a new value, rotating through `items` (order
 * id, item id) so that requests rarely wait for each other's lock.
 */
export type LoadWrite = { kind: 'create-order' } | { kind: 'change-item'; items: [number, number][] };

const ITEMS = Array.from({ length: 10 }, (_, i) => ({ product_name: `Product ${i + 1}`, quantity: i + 1 }));

/** The method, path and body of the `n`th write to `path` by this process. */
export function writeRequest(write: LoadWrite, path: string, n: number) {
  if (write.kind === 'create-order') {
    const order = { po_number: `LOAD-${process.pid}-${n}`, location_name: 'Toronto DC', purchase_order_items: ITEMS };
    return { method: 'POST' as const, path, body: JSON.stringify({ purchase_order: order }) };
  }
  const [orderId, itemId] = write.items[n % write.items.length]!;
  // A quantity the item does not hold yet, whichever process set it last: a PATCH that changed
  // nothing would let the full stack skip its UPDATE and its event while the floor still writes.
  const change = { purchase_order_items: [{ id: itemId, quantity: ((process.pid * 7919 + n) % 1_000_000) + 1 }] };
  return { method: 'PATCH' as const, path: `${path}/${orderId}`, body: JSON.stringify({ purchase_order: change }) };
}
