// The measured writes and where they write: a new order with 10 items at Toronto DC, and a
// change of one item's quantity, rotating over 2,000 of the seeded orders so that requests
// rarely wait for each other's lock.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WriteScope } from './floor-writes.js';
import type { Route } from './throughput.js';

/** The bench organization and its Toronto warehouse, where the floor writes too. */
export async function writeScope(em: EntityManager): Promise<WriteScope> {
  const [scope] = await em
    .getConnection()
    .execute<WriteScope[]>(
      `select organization_id as "organizationId", id as "locationId" from locations where subdomain = 'bench-toronto'`,
    );
  return scope!;
}

/** Each changed item is named as the API names it: its order's id and its own, as shown (DECISIONS 440). */
export async function writeRoutes(em: EntityManager, scope: WriteScope): Promise<Route[]> {
  const items = await em.getConnection().execute<{ order_id: number; item_id: number }[]>(
    `select po.public_id as order_id, min(i.public_id) as item_id
      from purchase_order_items i join purchase_orders po on po.id = i.purchase_order_id
      where i.organization_id = ? group by po.id order by po.id limit 2000`,
    [scope.organizationId],
  );
  return [
    { name: 'POST /purchase_orders', path: '/api/v1/purchase_orders', write: { kind: 'create-order' } },
    {
      name: 'PATCH /purchase_orders',
      path: '/api/v1/purchase_orders',
      write: { kind: 'change-item', items: items.map((row) => [row.order_id, row.item_id]) },
    },
  ];
}
