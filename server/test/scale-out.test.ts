import { chmodSync } from 'node:fs';
import { eventually, tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.js';
import { type ChildServer, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { send, type TestResponse } from '../src/testing/http.js';
import { TEST_BASE_HOST } from '../src/testing/server.js';
import { uniqueId } from '../src/testing/world.js';
import { childEnv, fixtureFile } from './support/child-env.js';

/** The answer to `ask` once `done` holds for it. */
const answerOnce = (what: string, ask: () => Promise<TestResponse>, done: (res: TestResponse) => boolean) =>
  eventually(
    what,
    async () => {
      const res = await ask();
      return done(res) ? res : undefined;
    },
    60_000,
  );

describe('two wh-server processes on one PostgreSQL', function () {
  this.timeout(120_000);
  const id = uniqueId('x');
  let database: EmbeddedDatabase;
  let dataDir: string;
  let servers: ChildServer[] = [];

  before(async () => {
    // A PostgreSQL of this suite's own, which it can stop and start again.
    dataDir = tempDir('wh-scale-out-');
    chmodSync(dataDir, 0o755);
    database = await startEmbeddedDatabase({ dataDir });
    const env = childEnv({ DATABASE_URL: database.url });
    const fixture = fixtureFile(id);
    for (let i = 0; i < 2; i++) servers.push(await startChildServer(['--fixture', fixture], env));
  });
  after(async () => {
    await Promise.all(servers.map((server) => stopChildServer(server.child)));
    servers = [];
    await database.stop();
  });

  const api = (server: ChildServer, method: string, path: string, body?: unknown, user = 'admin') =>
    send(server.port, `${id}.${TEST_BASE_HOST}`, method, `/api/v1${path}`, {
      headers: { authorization: `Token ${id}-${user}-token` },
      body,
    });
  const probe = (server: ChildServer, path: string) => send(server.port, TEST_BASE_HOST, 'GET', path);

  it('reads through one process what was written through the other', async () => {
    const [a, b] = servers as [ChildServer, ChildServer];
    const created = await api(a, 'POST', '/products', { product: { location_name: 'Toronto DC', name: 'Kiwis' } });
    expect(created.status).to.equal(200);
    const read = await api(b, 'GET', `/products/${created.body.id}`);
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(created.body);
    expect((await api(b, 'PATCH', `/products/${created.body.id}`, { product: { sku: 'KIW-1' } })).status).to.equal(200);
    expect((await api(a, 'GET', `/products/${created.body.id}`)).body.sku).to.equal('KIW-1');
  });

  it('gives a token one rate-limit budget across both processes', async () => {
    const ask = (server: ChildServer) => api(server, 'GET', '/locations', undefined, 'integration');
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await ask(servers[i % 2]!)).status);
    expect(statuses.filter((status) => status !== 200)).to.deep.equal([]);
    for (const server of servers) expect((await ask(server)).status).to.equal(429);
  });

  it('is not ready in either process while the database is away, and ready again once it is back', async () => {
    for (const server of servers) expect((await probe(server, '/readyz')).status).to.equal(200);
    await database.stop();
    for (const server of servers) {
      const ready = await answerOnce(
        '/readyz answering 503',
        () => probe(server, '/readyz'),
        (res) => res.status === 503,
      );
      expect(ready.status).to.equal(503);
      expect(ready.body).to.deep.equal({ status: 'unavailable', reason: 'the database does not answer' });
      expect((await probe(server, '/healthz')).status).to.equal(200);
    }
    database = await startEmbeddedDatabase({ dataDir, port: database.port });
    for (const server of servers) {
      const ready = await answerOnce(
        '/readyz answering 200',
        () => probe(server, '/readyz'),
        (res) => res.status === 200,
      );
      expect(ready.body).to.deep.equal({ status: 'ready' });
      expect((await api(server, 'GET', '/locations')).status).to.equal(200);
    }
  });
});
