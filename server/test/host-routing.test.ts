import {
  send,
  startTestServer,
  startWorld,
  TEST_BASE_HOST,
  type TestServer,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('host routing', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const auth = () => ({ headers: { authorization: `Token ${world.token('admin')}` } });

  it("serves the organization interface at the organization's subdomain", async () => {
    const res = await world.as('admin').get('/locations');
    expect(res.status).to.equal(200);
    expect(res.body.map((l: { name: string }) => l.name)).to.deep.equal(['Auckland DC', 'Toronto DC', 'Vancouver DC']);
  });

  it("serves the location interface at a location's subdomain, scoped to that location", async () => {
    const res = await world.as('admin', 'toronto').get('/locations');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal([{ name: 'Toronto DC', url: `${world.id}-toronto`, time_zone: 'America/Toronto' }]);
    const products = await world.as('admin', 'toronto').get('/products');
    expect(products.body.every((p: { location_name: string }) => p.location_name === 'Toronto DC')).to.equal(true);
  });

  it('matches the host case-insensitively and ignores the port', async () => {
    const res = await send(
      server.port,
      `${world.id.toUpperCase()}.${TEST_BASE_HOST.toUpperCase()}:8080`,
      'GET',
      '/api/v1/locations',
      auth(),
    );
    expect(res.status).to.equal(200);
  });

  it('answers a JSON 404 for an unknown subdomain, the bare base host and a nested subdomain', async () => {
    for (const host of [`nobody.${TEST_BASE_HOST}`, TEST_BASE_HOST, `a.${world.id}.${TEST_BASE_HOST}`, 'example.com']) {
      const res = await send(server.port, host, 'GET', '/api/v1/locations', auth());
      expect(res.status, host).to.equal(404);
      expect(res.body.error, host).to.be.a('string');
    }
  });

  it('serves the default subdomain at the bare base host when WH_DEFAULT_SUBDOMAIN names one, and routes the rest as before', async () => {
    const routed = await startTestServer({ config: { defaultSubdomain: world.id } });
    try {
      const names = async (host: string) => {
        const res = await send(routed.port, host, 'GET', '/api/v1/locations', auth());
        return res.status === 200 ? res.body.map((l: { name: string }) => l.name) : res.status;
      };
      expect(await names(`${TEST_BASE_HOST}:8080`)).to.deep.equal(['Auckland DC', 'Toronto DC', 'Vancouver DC']);
      expect(await names(`${world.id}.${TEST_BASE_HOST}`)).to.deep.equal(['Auckland DC', 'Toronto DC', 'Vancouver DC']);
      expect(await names(`${world.id}-toronto.${TEST_BASE_HOST}`)).to.deep.equal(['Toronto DC']);
      for (const host of [`nobody.${TEST_BASE_HOST}`, 'example.com', `${TEST_BASE_HOST}.example.com`])
        expect(await names(host), host).to.equal(404);
    } finally {
      await routed.close();
    }
  });

  it('answers a JSON 404 outside /api/v1 and for unknown endpoints', async () => {
    const outside = await send(server.port, world.host(), 'GET', '/admin', auth());
    expect(outside.status).to.equal(404);
    expect(outside.body.error).to.include('/api/v1');
    const unknown = await world.as('admin').get('/warehouses');
    expect(unknown.status).to.equal(404);
    expect(unknown.body.error).to.include('/api/v1/warehouses');
  });

  it('answers 405 with Allow for a method a path does not offer, and says how to cancel an appointment', async () => {
    const res = await world.as('admin').delete('/appointments/1');
    expect(res.status).to.equal(405);
    expect(res.headers.allow).to.equal('GET, PUT, PATCH');
    expect(res.body.error).to.include('cancelled');
    const post = await world.as('admin').request('POST', '/locations', { body: {} });
    expect(post.status).to.equal(405);
    expect(post.headers.allow).to.equal('GET');
  });

  it('lets a literal sub-path win over {id} for every method, so other methods on it are 405, not a bad id', async () => {
    const admin = world.as('admin');
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST']) {
      const res = await admin.request(method, '/purchase_orders/with_booked_appointments', { body: {} });
      expect(res.status, method).to.equal(405);
      expect(res.headers.allow).to.equal('GET');
    }
  });

  it('answers 405 for methods the spec does not document, HEAD and OPTIONS included', async () => {
    for (const method of ['HEAD', 'OPTIONS', 'TRACE']) {
      const res = await world.as('admin').request(method, '/products');
      expect(res.status, method).to.equal(405);
      expect(res.headers.allow).to.equal('GET, POST');
    }
  });

  it('offers bulk uploads only on the location interface', async () => {
    const res = await world.as('admin').post('/bulk_uploads', { bulk_upload: { products: [] } });
    expect(res.status).to.equal(404);
    expect(res.body.error).to.include('location interfaces');
  });
});
