import {
  send,
  startTestServer,
  startWorld,
  TEST_BASE_HOST,
  type TestServer,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createUnmigratedDatabase, type UnmigratedDatabase } from './support/unmigrated-database.js';

describe('request ids, request logs and error bodies', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ captureLog: true })));
  after(() => server.close());

  const recordOf = (requestId: string) => {
    const lines = server.logRecords().filter((record) => record.request_id === requestId);
    expect(lines, `log lines of ${requestId}`).to.have.length(1);
    return lines[0]!;
  };

  it('logs one line per request with its time, level, id, operation, status, duration, tenant and user', async () => {
    const res = await world.as('admin', 'toronto').get('/products', { name: 'App' });
    expect(res.status).to.equal(200);
    const record = recordOf(res.headers['x-request-id']!);
    expect(record).to.include({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/v1/products?name=App',
      operation: 'listProducts',
      status: 200,
      organization: world.id,
      location: `${world.id}-toronto`,
    });
    expect(record.user).to.be.a('number');
    expect(record.duration_ms).to.be.a('number').and.at.least(0);
    expect(new Date(record.time).toISOString()).to.equal(record.time);
  });

  it('keeps only the query parameters the operation documents, and never logs a header', async () => {
    const res = await world.as('admin').request('GET', '/products', {
      query: { page: 1, api_key: 'secret-in-query' },
      headers: { cookie: 'session=secret-in-cookie' },
    });
    const record = recordOf(res.headers['x-request-id']!);
    expect(record.path).to.equal('/api/v1/products?page=1&api_key=%5Bredacted%5D');
    const line = JSON.stringify(record);
    for (const secret of ['secret-in-query', 'secret-in-cookie', world.token('admin'), 'Token ', 'authorization'])
      expect(line).not.to.include(secret);
  });

  it('takes a well-formed X-Request-Id from the client and returns it, in error bodies too', async () => {
    const id = 'erp-sync.2026-11-23:42';
    const res = await world.as('admin').request('GET', '/products/999999999', { headers: { 'x-request-id': id } });
    expect(res.status).to.equal(404);
    expect(res.headers['x-request-id']).to.equal(id);
    expect(res.body.request_id).to.equal(id);
    expect(recordOf(id).status).to.equal(404);
  });

  it('replaces an X-Request-Id that is too long or holds unsafe characters with its own', async () => {
    for (const offered of ['x'.repeat(129), 'two words', 'line\tbreak', '<script>', 'ünïcode']) {
      const res = await world.as('admin').request('GET', '/locations', { headers: { 'x-request-id': offered } });
      expect(res.headers['x-request-id'], offered).to.match(/^[0-9a-f-]{36}$/);
    }
  });

  it('puts the request id in every kind of error body', async () => {
    const unauthorized = await world.as({ token: 'not-a-token' }).get('/locations');
    const invalid = await world.as('admin').post('/products', { product: { location_name: 'Toronto DC', name: '' } });
    const unknownHost = await send(server.port, `nobody.${TEST_BASE_HOST}`, 'GET', '/api/v1/locations');
    const notAllowed = await world.as('admin').delete('/appointments/1');
    for (const [res, status] of [
      [unauthorized, 401],
      [invalid, 422],
      [unknownHost, 404],
      [notAllowed, 405],
    ] as const) {
      expect(res.status).to.equal(status);
      expect(res.body.request_id, String(status)).to.equal(res.headers['x-request-id']);
    }
  });

  it('names the operation of a path with malformed percent-encoding, and answers it with a client error', async () => {
    const res = await world.as('admin').get('/products/%E0%A4%A');
    expect(res.status).to.equal(400);
    expect(recordOf(res.headers['x-request-id']!)).to.include({ operation: 'getProduct', status: 400 });
  });

  it('marks every response nosniff and no-store, errors included', async () => {
    for (const res of [await world.as('admin').get('/locations'), await world.as('admin').get('/nowhere')]) {
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      expect(res.headers['cache-control']).to.equal('no-store');
    }
  });

  describe('a server error', () => {
    let broken: UnmigratedDatabase;
    let brokenServer: TestServer;

    before(async () => {
      broken = await createUnmigratedDatabase();
      brokenServer = await startTestServer({ orm: broken.orm, captureLog: true });
    });
    after(async () => {
      await brokenServer.close();
      await broken.drop();
    });

    it('answers a generic body with the request id, and logs the cause, the SQL and the stack', async () => {
      const res = await send(brokenServer.port, world.host(), 'GET', '/api/v1/locations', {
        headers: { authorization: `Token ${world.token('admin')}` },
      });
      expect(res.status).to.equal(500);
      const id = res.headers['x-request-id']!;
      expect(res.body).to.deep.equal({
        error: `internal server error; the details are logged under request id ${id}`,
        request_id: id,
      });
      const record = brokenServer.logRecords().find((line) => line.request_id === id)!;
      expect(record.level).to.equal('error');
      expect(record.status).to.equal(500);
      expect(record.err.message).to.match(/select version from directory_version/);
      expect(record.err.stack).to.include('    at ');
    });
  });
});
