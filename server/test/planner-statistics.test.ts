// DECISIONS 419: PostgreSQL knows that a location decides its organization, so a list's filter
// on both is estimated as the rows it keeps, not as the product of two independent guesses. The
// plan follows the estimate: taken for a fifth of its rows, page 1,000 of products was sorted
// whole, spilling to disk, where an index reads it in order.

import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

const execute = async <T>(statement: string, values: unknown[] = []) =>
  (await testOrm()).em.getConnection().execute<T[]>(statement, values as never[]);

async function locationsOf(world: World): Promise<{ organizationId: number; locationIds: number[] }> {
  const rows = await execute<{ organization_id: number; id: number }>(
    `select l.organization_id, l.id from locations l join organizations o on o.id = l.organization_id
      where o.subdomain = ? order by l.id`,
    [world.id],
  );
  return { organizationId: rows[0]!.organization_id, locationIds: rows.map((row) => row.id) };
}

/** Adds `count` products to the organization's first location, by SQL: thousands through the API would take long. */
async function addProducts(world: World, count: number): Promise<void> {
  const { organizationId, locationIds } = await locationsOf(world);
  await execute(
    `insert into products (organization_id, location_id, name, sku)
      select ?, ?, 'Statistic ' || n, ? || '-' || n from generate_series(1, ?) n`,
    [organizationId, locationIds[0], world.id, count],
  );
}

describe('the planner statistics of lists', () => {
  let server: TestServer;
  let small: World;
  let large: World;

  before(async () => {
    ({ server, world: small } = await startWorld());
    large = await createWorld(server);
    await addProducts(small, 2_000);
    await addProducts(large, 8_000);
    await execute('analyze products');
  });
  after(() => server.close());

  it("estimates an organization's products at its locations as the rows there are, beside a larger organization", async () => {
    const { organizationId, locationIds } = await locationsOf(small);
    const filter = 'organization_id = ? and location_id in (?)';
    const [counted] = await execute<{ count: string }>(`select count(*) from products where ${filter}`, [
      organizationId,
      locationIds,
    ]);
    const count = Number(counted!.count);
    const [plan] = await execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `explain (format json) select id from products where ${filter}`,
      [organizationId, locationIds],
    );
    const estimated = plan!['QUERY PLAN'][0].Plan['Plan Rows'];
    // Taken as independent, the two filters gave about a fifth of the rows here.
    expect(estimated / count, `${estimated} estimated for ${count}`).to.be.within(0.5, 2);
    // And the list a user reads is those rows, to its last page.
    const last = await small.as('admin').get('/products', { per_page: 100, page: Math.ceil(count / 100) });
    expect(last.status).to.equal(200);
    expect(last.headers['total-count']).to.equal(String(count));
    expect(last.body).to.have.length(count - 100 * (Math.ceil(count / 100) - 1));
  });
});
