import {
  ApiClient,
  createWorld,
  type LocationKey,
  startTestServer,
  type TestServer,
  testOrm,
  type UserKey,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';

// Tenants, with the custom fields that apply at their locations, and tokens are cached in each
// server process (DECISIONS 100, 295). Two app instances on
// one database each warm their cache; a change committed outside both must show on the very
// next request to either, with no waiting.
describe('the tenant and token cache across two server instances', () => {
  let servers: TestServer[];
  let world: World;

  before(async () => {
    servers = [await startTestServer(), await startTestServer()];
  });
  beforeEach(async () => {
    world = await createWorld(servers[0]!);
  });
  after(() => Promise.all(servers.map((server) => server.close())));

  const on = (server: TestServer, user: UserKey, location?: LocationKey) =>
    new ApiClient(server.port, world.host(location), world.token(user));
  const sql = async (statement: string, values: unknown[]) =>
    (await testOrm()).em.getConnection().execute(statement, values);
  const statuses = (user: UserKey, path: string, location?: LocationKey) =>
    Promise.all(servers.map(async (server) => (await on(server, user, location).get(path)).status));

  it('refuses a revoked token at once on every instance that had it cached', async () => {
    expect(await statuses('integration', '/locations')).to.deep.equal([200, 200]);
    await sql('delete from api_users where token_digest = sha256(convert_to(?, ?))', [
      world.token('integration'),
      'UTF8',
    ]);
    expect(await statuses('integration', '/locations')).to.deep.equal([401, 401]);
    expect(await statuses('admin', '/locations')).to.deep.equal([200, 200]);
  });

  it('stops serving a deleted location at once', async () => {
    expect(await statuses('admin', '/products', 'auckland')).to.deep.equal([200, 200]);
    await sql('delete from locations where subdomain = ?', [`${world.id}-auckland`]);
    expect(await statuses('admin', '/products', 'auckland')).to.deep.equal([404, 404]);
    const names = (await on(servers[1]!, 'admin').get('/locations')).body.map((l: { name: string }) => l.name);
    expect(names).to.not.include('Auckland DC');
  });

  it('sees a lost subscription and a changed role at once', async () => {
    const create = (server: TestServer) =>
      on(server, 'integration').post('/products', { product: { location_name: 'Toronto DC', name: 'Pears' } });
    expect((await create(servers[0]!)).status).to.equal(200);
    expect((await create(servers[1]!)).status).to.equal(200);
    await sql(
      `update location_roles set role = 'read_only' where location_id = (select id from locations where subdomain = ?)`,
      [`${world.id}-toronto`],
    );
    expect((await create(servers[0]!)).status).to.equal(403);
    expect((await create(servers[1]!)).status).to.equal(403);

    expect(await statuses('admin', '/products', 'toronto')).to.deep.equal([200, 200]);
    await sql('update locations set paid = false where subdomain = ?', [`${world.id}-toronto`]);
    expect(await statuses('admin', '/products', 'toronto')).to.deep.equal([402, 402]);
  });

  it('sees a custom field enabled, disabled or changed at once', async () => {
    const toronto = `${world.id}-toronto`;
    let sent = 0;
    const writes = () =>
      Promise.all(
        servers.map(async (server) => {
          const order = { po_number: `CF-${++sent}`, location_name: 'Toronto DC', custom_values: { door: 'D7' } };
          return (await on(server, 'admin').post('/purchase_orders', { purchase_order: order })).status;
        }),
      );
    // Each process reads, and keeps, the custom fields that apply at Toronto: none yet.
    expect(await writes()).to.deep.equal([422, 422]);
    const [definition] = (await sql(
      `insert into custom_field_definitions (organization_id, key, label, applies_to, field_type)
        select organization_id, 'door', 'Door', 'purchase_order', 'text' from locations where subdomain = ?
        returning id`,
      [toronto],
    )) as { id: number }[];
    const id = definition!.id;
    const enable = () =>
      sql(
        `insert into custom_field_locations (organization_id, custom_field_definition_id, location_id)
          select organization_id, ?, id from locations where subdomain = ?`,
        [id, toronto],
      );
    await enable();
    expect(await writes()).to.deep.equal([200, 200]);
    await sql('delete from custom_field_locations where custom_field_definition_id = ?', [id]);
    expect(await writes()).to.deep.equal([422, 422]);
    await enable();
    expect(await writes()).to.deep.equal([200, 200]);
    await sql(`update custom_field_definitions set field_type = 'number' where id = ?`, [id]);
    expect(await writes()).to.deep.equal([422, 422]);
  });
});
