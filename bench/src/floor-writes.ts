// The floor of the two measured writes: what a bare node:http + pg server must send to do the
// same inserts and updates as the full stack, in one transaction with the rate-limit write
// before it. A new order with its items: the order, its items in one statement, and its event
// (DECISIONS 179). A changed item: the order locked (updates merge into what is stored), the
// item, and the event. No lookups, validation or rendering: the ratio full/floor prices them.
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

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

const insertEvent = `insert into events (organization_id, type, record_type, record_id, location_id, visibility, data)
  values ($1, $2, 'purchase_order', $3, $4, 'location', $5)`;

export function createOrder(pool: pg.Pool, scope: WriteScope, body: NewOrder): Promise<unknown> {
  const order = body.purchase_order;
  return inTransaction(pool, async (client) => {
    const {
      rows: [row],
    } = await client.query(
      `insert into purchase_orders (organization_id, location_id, po_number) values ($1, $2, $3)
        returning id, po_number, created_at, updated_at`,
      [scope.organizationId, scope.locationId, order.po_number],
    );
    const { rows: items } = await client.query(
      `insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity)
        select $1, $2, item.product_name, item.quantity
          from json_to_recordset($3::json) as item (product_name text, quantity numeric)
        returning id, product_name, quantity, created_at, updated_at`,
      [scope.organizationId, row.id, JSON.stringify(order.purchase_order_items)],
    );
    const created = { ...row, purchase_order_items: items };
    await client.query(insertEvent, [
      scope.organizationId,
      'purchase_order.created',
      row.id,
      scope.locationId,
      JSON.stringify({ object: created }),
    ]);
    return created;
  });
}

export function changeItem(pool: pg.Pool, scope: WriteScope, orderId: number, body: ItemChange): Promise<unknown> {
  const [item] = body.purchase_order.purchase_order_items;
  return inTransaction(pool, async (client) => {
    await client.query('select id from purchase_orders where id = $1 and organization_id = $2 for update', [
      orderId,
      scope.organizationId,
    ]);
    const {
      rows: [changed],
    } = await client.query(
      `update purchase_order_items set quantity = $1, updated_at = now()
        where id = $2 and purchase_order_id = $3 and organization_id = $4
        returning id, product_name, quantity, created_at, updated_at`,
      [item!.quantity, item!.id, orderId, scope.organizationId],
    );
    await client.query(insertEvent, [
      scope.organizationId,
      'purchase_order.updated',
      orderId,
      scope.locationId,
      JSON.stringify({ object: { id: orderId, purchase_order_items: [changed] } }),
    ]);
    return changed;
  });
}
