// The benchmark's data: one organization with three warehouses, seeded in bulk with SQL
// (the API would be the slow part of seeding, not of what is measured).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Fixture } from '../server/provision/fixture.js';

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
      users: [{ name: 'bench', token: TOKEN, roles: { 'Toronto DC': 'admin', 'Vancouver DC': 'admin', 'Auckland DC': 'admin' } }],
    },
  ],
};

export async function seed(em: EntityManager, productsPerLocation: number): Promise<void> {
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
  await connection.execute('analyze');
}
