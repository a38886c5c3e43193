// The benchmark's data: one organization with three warehouses, seeded in bulk with SQL
// (the API would be the slow part of seeding, not of what is measured).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Fixture } from '@warehouse-kit/server';

export const TOKEN = 'bench-admin-token';

export const benchFixture: Fixture = {
  organizations: [
    {
      name: 'Bench Co',
      subdomain: 'bench',
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
  ],
};

export async function seed(em: EntityManager, productsPerLocation: number, ordersPerLocation: number): Promise<void> {
  const connection = em.getConnection();
  await connection.execute(
    `insert into products (organization_id, location_id, name, sku)
       select l.organization_id, l.id, 'Product ' || n, 'SKU-' || split_part(l.subdomain, '-', 2) || '-' || n
         from locations l cross join generate_series(1, ?) n
        where l.subdomain like 'bench-%'`,
    [productsPerLocation],
  );
  await connection.execute(
    `insert into companies (organization_id, name, company_type)
       select o.id, 'Company ' || n, case when n % 2 = 0 then 'carrier' else 'customer' end
         from organizations o cross join generate_series(1, 2000) n
        where o.subdomain = 'bench'`,
  );
  // Purchase orders with three items each; every other order is on a booked appointment's
  // packing list, so lists carry items, customers and nested appointments.
  await connection.execute(
    `insert into purchase_orders (organization_id, location_id, po_number, expected_starts_at)
       select l.organization_id, l.id, 'PO-' || split_part(l.subdomain, '-', 2) || '-' || n,
              now() + n * interval '1 hour'
         from locations l cross join generate_series(1, ?) n
        where l.subdomain like 'bench-%'`,
    [ordersPerLocation],
  );
  await connection.execute(
    `insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity, customer_id)
       select p.organization_id, p.id, 'Product ' || i, i * 10,
              (select id from companies c
                where c.organization_id = p.organization_id and c.company_type = 'customer'
                order by id limit 1)
         from purchase_orders p cross join generate_series(1, 3) i
        where p.po_number like 'PO-%'`,
  );
  await connection.execute(
    `insert into appointments (organization_id, location_id, state, scheduled_at, duration)
       select p.organization_id, p.location_id, 'booked', p.expected_starts_at, 60
         from purchase_orders p where p.id % 2 = 0 and p.po_number like 'PO-%'`,
  );
  await connection.execute(
    `insert into packing_lists (organization_id, appointment_id, purchase_order_id, po_number, product_name, quantity)
       select a.organization_id, a.id, p.id, p.po_number, 'Product 1', 10
         from appointments a
         join purchase_orders p on p.location_id = a.location_id and p.expected_starts_at = a.scheduled_at`,
  );
  await connection.execute('analyze');
}
