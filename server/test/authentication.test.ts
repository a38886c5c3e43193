import { createWorld, startTestServer, type TestServer, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { ApiUser } from '../src/entities/api-user.js';

describe('authentication and organization-wide access', () => {
  let server: TestServer;
  let world: World;
  let other: World;

  before(async () => {
    server = await startTestServer();
    world = await createWorld(server);
    other = await createWorld(server);
  });
  after(() => server.close());

  it('answers 401 without an Authorization header, saying how to send one', async () => {
    const res = await world.as({ token: undefined }).get('/locations');
    expect(res.status).to.equal(401);
    expect(res.body.error).to.include('Authorization: Token');
  });

  it('answers 401 for another scheme, an unknown token and an empty token', async () => {
    const client = world.as({ token: undefined });
    for (const authorization of [
      `Bearer ${world.token('admin')}`,
      'Token not-a-real-token',
      'Token ',
      world.token('admin'),
    ]) {
      const res = await client.request('GET', '/locations', { headers: { authorization } });
      expect(res.status, authorization).to.equal(401);
      expect(res.body.error).to.be.a('string');
    }
  });

  it("answers 401 for another organization's token on both interfaces, revealing nothing", async () => {
    const foreign = world.as({ token: other.token('admin') });
    const org = await foreign.get('/products');
    const location = await world.as({ token: other.token('admin') }, 'toronto').get('/products');
    const unknown = await world.as({ token: 'Token-that-does-not-exist' }).get('/products');
    expect(org.status).to.equal(401);
    expect(location.status).to.equal(401);
    // The same body, but for the id of each request.
    expect({ ...org.body, request_id: undefined }).to.deep.equal({ ...unknown.body, request_id: undefined });
  });

  it('accepts the same token on the organization interface and on location interfaces', async () => {
    expect((await world.as('admin').get('/products')).status).to.equal(200);
    expect((await world.as('admin', 'auckland').get('/products')).status).to.equal(200);
  });

  it('answers 402 when no location of the organization is paid', async () => {
    const unpaid = await createWorld(server, (o) => ({
      ...o,
      locations: o.locations.map((l) => ({ ...l, paid: false })),
    }));
    const res = await unpaid.as('admin').get('/locations');
    expect(res.status).to.equal(402);
    expect(res.body.error).to.include('paid subscription');
  });

  it(
    'lets the organization interface work for an unpaid location when another is paid, ' +
      'but not its location interface',
    async () => {
      const viaOrganization = await world.as('admin').get('/products', { location_name: 'Vancouver DC' });
      expect(viaOrganization.status).to.equal(200);
      const viaLocation = await world.as('admin', 'vancouver').get('/products');
      expect(viaLocation.status).to.equal(402);
      expect(viaLocation.body.error).to.include(`this location interface (${world.id}-vancouver)`);
    },
  );

  it('answers 403 on every request of a user without admin access at any location', async () => {
    const res = await world.as('viewer').get('/locations');
    expect(res.status).to.equal(403);
    expect(res.body.error).to.include('admin access');
    expect((await world.as('viewer', 'toronto').get('/products')).status).to.equal(403);
  });

  it('lists only the locations the user may access', async () => {
    const res = await world.as('integration').get('/locations');
    expect(res.body.map((l: { name: string }) => l.name)).to.deep.equal(['Toronto DC', 'Vancouver DC']);
  });

  it('answers 403 on the location interface of a location the user cannot access', async () => {
    const res = await world.as('integration', 'auckland').get('/products');
    expect(res.status).to.equal(403);
  });

  it('stores tokens only as SHA-256 digests', async () => {
    const em = (await testOrm()).em.fork();
    const users = await em.find(ApiUser, { organizationId: { $ne: 0 } }, { fields: ['tokenDigest'] });
    const rows = await em.getConnection().execute(`select * from api_users where name = 'admin' limit 5`);
    expect(users.length).to.be.greaterThan(0);
    for (const user of users) expect(user.tokenDigest).to.have.length(32);
    const dump = JSON.stringify(rows);
    expect(dump).not.to.include(world.token('admin'));
    expect(dump).not.to.include('-admin-token');
  });
});
