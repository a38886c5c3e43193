// The benchmark's data: one organization with three warehouses, seeded with set-based SQL
// (generate_series, INSERT ... SELECT), so a million products per location takes minutes,
// not the hours that the API or per-row statements would.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Fixture } from '@warehouse-kit/server';

export const TOKEN = 'bench-admin-token';
export const ORGANIZATION_HOST = 'bench';
/** An organization of its own for the SDK's walk, so its catalog is not in the measured lists. */
export const WALK_HOST = 'bench-walk';
export const WALK_TOKEN = 'bench-walk-token';

/** Throughput tokens: enough that none nears 120 a minute while 50 connections rotate them. */
export const loadToken = (n: number) => `bench-load-token-${n}`;

export const benchFixture: Fixture = {
  organizations: [
    {
      name: 'Bench Co',
      subdomain: ORGANIZATION_HOST,
      locations: [
        { name: 'Toronto DC', subdomain: 'bench-toronto', time_zone: 'America/Toronto', paid: true },
        { name: 'Vancouver DC', subdomain: 'bench-vancouver', time_zone: 'America/Vancouver', paid: true },
        { name: 'Auckland DC', subdomain: 'bench-auckland', time_zone: 'Pacific/Auckland', paid: true },
      ],
      users: [
        {
          name: 'bench',
          token: TOKEN,
          roles: { 'Toronto DC': 'admin', 'Vancouver DC': 'admin', 'Auckland DC': 'admin' },
        },
      ],
    },
    {
      name: 'Bench Walk Co',
      subdomain: WALK_HOST,
      locations: [{ name: 'Walk DC', subdomain: 'walk-dc', time_zone: 'America/Toronto', paid: true }],
      users: [{ name: 'walker', token: WALK_TOKEN, roles: { 'Walk DC': 'admin' } }],
    },
  ],
};

export interface SeedSize {
  productsPerLocation: number;
  ordersPerLocation: number;
  loadTokens: number;
  /** Products of the walk's one warehouse. */
  walkRecords: number;
}

/**
 * Orders scale with products (one per five), never below the 2,000 the N+1 guard pages through;
 * the walk's products are seeded only when the SDK walks them (not with --quick).
 */
export const seedSize = (productsPerLocation: number, loadTokens: number, walkRecords: number): SeedSize => ({
  productsPerLocation,
  ordersPerLocation: Math.max(2_000, Math.floor(productsPerLocation / 5)),
  loadTokens,
  walkRecords,
});

export async function seed(em: EntityManager, size: SeedSize): Promise<void> {
  const connection = em.getConnection();
  // Tokens are stored as the server stores them: the SHA-256 digest, never the token.
  await connection.execute(
    `insert into api_users (organization_id, name, token_digest)
       select o.id, 'load ' || n, sha256(convert_to('bench-load-token-' || n, 'UTF8'))
         from organizations o cross join generate_series(1, ?) n
        where o.subdomain = ?`,
    [size.loadTokens, ORGANIZATION_HOST],
  );
  await connection.execute(
    `insert into location_roles (organization_id, api_user_id, location_id, role)
       select u.organization_id, u.id, l.id, 'admin'
         from api_users u join locations l on l.organization_id = u.organization_id
        where u.name like 'load %'`,
  );
  await connection.execute(
    `insert into products (organization_id, location_id, name, sku)
       select l.organization_id, l.id, 'Product ' || n, 'SKU-' || split_part(l.subdomain, '-', 2) || '-' || n
         from locations l cross join generate_series(1, ?) n
        where l.subdomain like 'bench-%'`,
    [size.productsPerLocation],
  );
  await connection.execute(
    `insert into companies (organization_id, name, company_type)
       select o.id, 'Company ' || n, case when n % 2 = 0 then 'carrier' else 'customer' end
         from organizations o cross join generate_series(1, 2000) n
        where o.subdomain = ?`,
    [ORGANIZATION_HOST],
  );
  // Purchase orders with three items each; every other order is on a booked appointment's
  // packing list, so lists carry items, customers and nested appointments.
  await connection.execute(
    `insert into purchase_orders (organization_id, location_id, po_number, expected_starts_at)
       select l.organization_id, l.id, 'PO-' || split_part(l.subdomain, '-', 2) || '-' || n,
              now() + n * interval '1 hour'
         from locations l cross join generate_series(1, ?) n
        where l.subdomain like 'bench-%'`,
    [size.ordersPerLocation],
  );
  // The customer is looked up once per organization, not once per item row.
  await connection.execute(
    `insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity, customer_id)
       with customer as (select organization_id, min(id) as id from companies
                          where company_type = 'customer' group by organization_id)
       select p.organization_id, p.id, 'Product ' || i, i * 10, c.id
         from purchase_orders p
         join customer c on c.organization_id = p.organization_id
         cross join generate_series(1, 3) i
        where p.po_number like 'PO-%'`,
  );
  await connection.execute(
    `insert into appointments (organization_id, location_id, state, scheduled_at, duration)
       select p.organization_id, p.location_id, 'booked', p.expected_starts_at, 60
         from purchase_orders p where p.id % 2 = 0 and p.po_number like 'PO-%'`,
  );
  // The booked counts' trigger (DECISIONS 290) plans its lookups of the new packing lists'
  // appointments and orders with the tables' statistics: fresh ones, or it scans the
  // appointments once per order.
  await connection.execute('analyze appointments, purchase_orders');
  await connection.execute(
    `insert into packing_lists (organization_id, appointment_id, purchase_order_id, po_number, product_name, quantity)
       select a.organization_id, a.id, p.id, p.po_number, 'Product 1', 10
         from appointments a
         join purchase_orders p on p.location_id = a.location_id and p.expected_starts_at = a.scheduled_at`,
  );
  await connection.execute(
    `insert into products (organization_id, location_id, name, sku)
       select l.organization_id, l.id, 'Walk product ' || n, 'WALK-' || n
         from locations l cross join generate_series(1, ?) n
        where l.subdomain = 'walk-dc'`,
    [size.walkRecords],
  );
  await connection.execute('vacuum analyze');
}
