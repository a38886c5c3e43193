// The floor of the two measured writes: what a bare node:http + pg server must send to do the
// same inserts and updates as the full stack, in one transaction with the rate-limit write
// before it. A new order with its items: the order and its items in one statement, and its event
// (DECISIONS 179, 494). A changed item: the order's updated_at touched (which locks it, as updates
// merge into what is stored), the item, and the event, each a statement with its values as
// parameters, as the full stack sends them (DECISIONS 471). No lookups, validation or rendering: the
// ratio full/floor prices them. Records are named and answered by the ids the API shows, as the
// full stack names them (DECISIONS 440). The floor's event row holds what its statements returned (the
// order and its items, or the changed item), lighter than the full stack's, which holds the
// whole rendered order and its previous attributes. What a write returned is serialised once,
// for its answer and its event alike, as a server built for speed would.
// With `events` off the event row is left out and nothing else changes, so the floor with
// events against the floor without prices the event alone (issue 22, DECISIONS 267).
import type pg from 'pg';
import { query } from './floor-query.js';

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

/** A write's event: its type, its order's id, and its record as JSON. */
interface FloorEvent {
  type: string;
  orderId: number;
  objectJson: string;
}

/** What a write's transaction did, as its answer's JSON, and its event. */
interface Written {
  json: string;
  event: FloorEvent;
}

/**
 * Like the full stack, writes the event, unless the scope leaves events out, as the transaction's
 * last statement before COMMIT (DECISIONS 471).
 */
async function inTransaction(
  pool: pg.Pool,
  scope: FloorWrites,
  work: (client: pg.PoolClient) => Promise<Written>,
): Promise<string> {
  const client = await pool.connect();
  try {
    await query(client, 'begin');
    const { json, event } = await work(client);
    if (scope.events) await insertEvent(client, scope, event);
    await query(client, 'commit');
    return json;
  } catch (error) {
    await query(client, 'rollback');
    throw error;
  } finally {
    client.release();
  }
}

function insertEvent(client: pg.PoolClient, scope: FloorWrites, { type, orderId, objectJson }: FloorEvent) {
  return query(
    client,
    `insert into events (organization_id, type, record_type, record_id, location_id, visibility, data)
      values ($1, $2, 'purchase_order', $3, $4, 'location', $5::json)`,
    [scope.organizationId, type, orderId, scope.locationId, `{"object":${objectJson}}`],
  );
}

/**
 * Creates the order with its items in one statement, as the full stack does (DECISIONS 494):
 * each insert a data-modifying CTE, the answer selected from what they returned. Resolves to
 * the created order as JSON.
 */
export function createOrder(pool: pg.Pool, scope: FloorWrites, body: NewOrder): Promise<string> {
  const order = body.purchase_order;
  return inTransaction(pool, scope, async (client) => {
    const {
      rows: [created],
    } = await query<{ id: number }>(
      client,
      `with po as (
          insert into purchase_orders (organization_id, location_id, po_number) values ($1, $2, $3)
          returning id, public_id, po_number, created_at, updated_at),
        items as (
          insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity)
          select $1, po.id, item.product_name, item.quantity
            from po, json_to_recordset($4::json) as item (product_name text, quantity numeric)
          returning public_id as id, product_name, quantity, created_at, updated_at)
        select po.public_id as id, po.po_number, po.created_at, po.updated_at,
          (select coalesce(json_agg(items), '[]') from items) as purchase_order_items
        from po`,
      [scope.organizationId, scope.locationId, order.po_number, JSON.stringify(order.purchase_order_items)],
    );
    const json = JSON.stringify(created);
    return { json, event: { type: 'purchase_order.created', orderId: created!.id, objectJson: json } };
  });
}

/** Changes the item's quantity; resolves to the changed item as JSON. */
export function changeItem(pool: pg.Pool, scope: FloorWrites, orderId: number, body: ItemChange): Promise<string> {
  const [item] = body.purchase_order.purchase_order_items;
  return inTransaction(pool, scope, async (client) => {
    // The full stack touches the order's updated_at when an item changes; that also locks it.
    const {
      rows: [order],
    } = await query<{ id: number }>(
      client,
      'update purchase_orders set updated_at = now() where public_id = $1 and organization_id = $2 returning id',
      [orderId, scope.organizationId],
    );
    const {
      rows: [changed],
    } = await query(
      client,
      `update purchase_order_items set quantity = $1, updated_at = now()
        where public_id = $2 and purchase_order_id = $3 and organization_id = $4
        returning public_id as id, product_name, quantity, created_at, updated_at`,
      [item!.quantity, item!.id, order!.id, scope.organizationId],
    );
    const json = JSON.stringify(changed);
    const object = `{"id":${orderId},"purchase_order_items":[${json}]}`;
    return { json, event: { type: 'purchase_order.updated', orderId, objectJson: object } };
  });
}
