// The floor of the two measured writes: what a bare node:http + pg server must send to do the
// same inserts and updates as the full stack, in one transaction with the rate-limit write
// before it. A new order with its items: the order, its items in one statement, and its event
// (DECISIONS 179). A changed item: the order's updated_at touched (which locks it, as updates
// merge into what is stored), the item, and the event. No lookups, validation or rendering: the
// ratio full/floor prices them. Records are named and answered by the ids the API shows, as the
// full stack names them (DECISIONS 440). The floor's event row holds what its statements returned (the
// order and its items, or the changed item), lighter than the full stack's, which holds the
// whole rendered order and its previous attributes. What a write returned is serialised once,
// for its answer and its event alike, as a server built for speed would.
// With `events` off the event row is left out and nothing else changes, so the floor with
// events against the floor without prices the event alone (issue 22, DECISIONS 267).
import { sqlLiteral } from '@warehouse-kit/server';
import type pg from 'pg';

/** What the load generator sends as a new order: a number and items, at one warehouse. */
export interface NewOrder {
  purchase_order: {
    po_number: string;
    location_name: string;
    purchase_order_items: { product_name: string; quantity: number }[];
  };
}

/** What it sends to change one item of an order. */
export interface ItemChange {
  purchase_order: { purchase_order_items: { id: number; quantity: number }[] };
}

export interface WriteScope {
  organizationId: number;
  locationId: number;
}

/** Where the floor writes, and whether each write inserts its event row. */
export interface FloorWrites extends WriteScope {
  events: boolean;
}

/** What a write's transaction did, as its answer's JSON, and the event statement that goes with its COMMIT, if any. */
interface Written {
  json: string;
  event?: string;
}

/** Like the full stack, sends the write's event in the same round trip as COMMIT (DECISIONS 294). */
async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<Written>): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { json, event } = await work(client);
    await client.query(event === undefined ? 'commit' : `${event};\ncommit`);
    return json;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

/** The write's event, its record given as JSON, as a statement with its values inlined, unless the scope leaves events out. */
function eventStatement(scope: FloorWrites, type: string, orderId: number, objectJson: string): string | undefined {
  if (!scope.events) return undefined;
  const data = sqlLiteral(`{"object":${objectJson}}`);
  return `insert into events (organization_id, type, record_type, record_id, location_id, visibility, data)
      values (${scope.organizationId}, '${type}', 'purchase_order', ${orderId}, ${scope.locationId}, 'location', ${data})`;
}

/** Creates the order with its items; resolves to the created order as JSON. */
export function createOrder(pool: pg.Pool, scope: FloorWrites, body: NewOrder): Promise<string> {
  const order = body.purchase_order;
  return inTransaction(pool, async (client) => {
    const {
      rows: [{ key, ...row }],
    } = await client.query(
      `insert into purchase_orders (organization_id, location_id, po_number) values ($1, $2, $3)
        returning id as key, public_id as id, po_number, created_at, updated_at`,
      [scope.organizationId, scope.locationId, order.po_number],
    );
    const { rows: items } = await client.query(
      `insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity)
        select $1, $2, item.product_name, item.quantity
          from json_to_recordset($3::json) as item (product_name text, quantity numeric)
        returning public_id as id, product_name, quantity, created_at, updated_at`,
      [scope.organizationId, key, JSON.stringify(order.purchase_order_items)],
    );
    const json = JSON.stringify({ ...row, purchase_order_items: items });
    return { json, event: eventStatement(scope, 'purchase_order.created', row.id, json) };
  });
}

/** Changes the item's quantity; resolves to the changed item as JSON. */
export function changeItem(pool: pg.Pool, scope: FloorWrites, orderId: number, body: ItemChange): Promise<string> {
  const [item] = body.purchase_order.purchase_order_items;
  return inTransaction(pool, async (client) => {
    // The full stack touches the order's updated_at when an item changes; that also locks it.
    const {
      rows: [order],
    } = await client.query(
      'update purchase_orders set updated_at = now() where public_id = $1 and organization_id = $2 returning id',
      [orderId, scope.organizationId],
    );
    const {
      rows: [changed],
    } = await client.query(
      `update purchase_order_items set quantity = $1, updated_at = now()
        where public_id = $2 and purchase_order_id = $3 and organization_id = $4
        returning public_id as id, product_name, quantity, created_at, updated_at`,
      [item!.quantity, item!.id, order.id, scope.organizationId],
    );
    const json = JSON.stringify(changed);
    const object = `{"id":${orderId},"purchase_order_items":[${json}]}`;
    return { json, event: eventStatement(scope, 'purchase_order.updated', orderId, object) };
  });
}
