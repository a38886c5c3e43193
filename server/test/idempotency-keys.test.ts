import type { Knex } from '@mikro-orm/postgresql';
import { listOperations } from '@warehouse-kit/spec/document';
import { eventually } from '@warehouse-kit/testing';
import type { TestServer } from '@warehouse-kit/testing/server';
import {
  type ApiClient,
  createWorld,
  send,
  standardOrganization,
  startWorld,
  type TestResponse,
  testDatabaseUrl,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import Koa from 'koa';
import pg from 'pg';
import { IdempotencyKeys } from '../src/db/idempotency-keys.js';
import { idempotency } from '../src/middleware/idempotency.js';
import { provision } from '../src/provision/provision.js';
import { type SecondInstance, startSecondInstance } from './support/second-instance.js';
import { openConnection } from './support/sockets.js';
import { createUnmigratedDatabase } from './support/unmigrated-database.js';

const withKey = (client: ApiClient, method: string, path: string, body: unknown, key: string) =>
  client.request(method, path, { body, headers: { 'idempotency-key': key } });

/** Sends again while the first request with the key is still running (409). */
const untilSettled = (send: () => Promise<TestResponse>): Promise<TestResponse> =>
  eventually('an answer other than 409', async () => {
    const res = await send();
    return res.status === 409 ? undefined : res;
  });

describe('Idempotency-Key on POST (extension)', () => {
  let server: TestServer;
  let world: World;
  let second: SecondInstance;
  let knex: Knex;
  let organizationId: number;

  before(async () => {
    ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } }));
    second = await startSecondInstance();
    knex = (await testOrm()).em.getKnex();
    organizationId = (await knex('organizations').where({ subdomain: world.id }).first('id')).id;
  });
  after(async () => {
    await second.close();
    await server.close();
  });

  /** Whether a request's transaction holds the key (its row locked), as a running request does. */
  const keyHeld = async (key: string) => {
    const row = () => knex('idempotency_keys').where({ organization_id: organizationId, key });
    if (!(await row().first())) return false;
    return knex.transaction(async (trx) => (await row().transacting(trx).forUpdate().skipLocked()).length === 0);
  };

  const appointmentsWithNotes = async (notes: string) =>
    Number((await knex('appointments').where({ organization_id: organizationId, notes }).count())[0]!.count);

  it('answers a retry with the stored response, marked replayed, and creates once', async () => {
    const key = uniqueId('key-');
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    const first = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    const again = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    expect(first.status).to.equal(200);
    expect(first.headers['idempotent-replayed']).to.equal(undefined);
    expect(again.status).to.equal(200);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect(again.headers.etag).to.equal(first.headers.etag);
    const listed = await world.as('admin').get('/companies', { name: body.company.name });
    expect(listed.body).to.have.length(1);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = uniqueId('key-');
    const name = uniqueId('Carrier ');
    const first = await withKey(
      world.as('admin'),
      'POST',
      '/companies',
      { company: { name, company_type: 'carrier' } },
      key,
    );
    const again = await withKey(
      world.as('admin'),
      'POST',
      '/companies',
      { company: { company_type: 'carrier', name } },
      key,
    );
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.body.id).to.equal(first.body.id);
  });

  it('refuses the key with a different body with 422 naming the header, and writes nothing', async () => {
    const key = uniqueId('key-');
    const name = uniqueId('Carrier ');
    await withKey(world.as('admin'), 'POST', '/companies', { company: { name, company_type: 'carrier' } }, key);
    const other = await withKey(
      world.as('admin'),
      'POST',
      '/companies',
      { company: { name: `${name} 2`, company_type: 'carrier' } },
      key,
    );
    expect(other.status).to.equal(422);
    expect(other.body.errors).to.have.property('Idempotency-Key');
    expect((await world.as('admin').get('/companies', { name: `${name} 2` })).body).to.have.length(0);
  });

  it('stores a 4xx answer and replays it', async () => {
    const key = uniqueId('key-');
    const body = { product: { name: '', sku: uniqueId('SKU-') } };
    const first = await withKey(world.as('admin', 'toronto'), 'POST', '/products', body, key);
    const again = await withKey(world.as('admin', 'toronto'), 'POST', '/products', body, key);
    expect(first.status).to.equal(422);
    expect(again.status).to.equal(422);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.body.errors).to.deep.equal(first.body.errors);
  });

  it('still counts a replay against the rate limits', async () => {
    const key = uniqueId('key-');
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    const first = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    const again = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    expect(Number(again.headers['x-ratelimit-remaining'])).to.equal(Number(first.headers['x-ratelimit-remaining']) - 1);
  });

  it('refuses a key that is empty, longer than 255 characters or not printable ASCII with 400', async () => {
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    for (const key of ['', 'k'.repeat(256), 'caf\u00e9']) {
      const res = await withKey(world.as('admin'), 'POST', '/companies', body, key);
      expect(res.status, JSON.stringify(key)).to.equal(400);
      expect(res.body.error).to.include('Idempotency-Key');
    }
    expect((await world.as('admin').get('/companies', { name: body.company.name })).body).to.have.length(0);
    const longest = await withKey(world.as('admin'), 'POST', '/companies', body, 'k'.repeat(255));
    expect(longest.status).to.equal(200);
  });

  it('keeps keys apart per API user and per organization: the same key never answers another token', async () => {
    const key = uniqueId('key-');
    const notes = uniqueId('shared key ');
    const body = { appointment: { location_name: 'Toronto DC', notes } };
    const other = await createWorld(server);
    const answers = [
      await withKey(world.as('admin'), 'POST', '/appointments', body, key),
      await withKey(world.as('integration'), 'POST', '/appointments', body, key),
      await withKey(other.as('admin'), 'POST', '/appointments', body, key),
    ];
    expect(answers.map((res) => res.status)).to.deep.equal([200, 200, 200]);
    expect(answers.map((res) => res.headers['idempotent-replayed'])).to.deep.equal([undefined, undefined, undefined]);
    // Two appointments of this organization, and the other's own (ids count per organization, DECISIONS 440).
    expect(answers[0]!.body.id).to.not.equal(answers[1]!.body.id);
    expect((await other.as('admin').get(`/appointments/${answers[2]!.body.id}`)).body).to.deep.equal(answers[2]!.body);
    expect(await appointmentsWithNotes(notes)).to.equal(2);
  });

  it('creates exactly once when a create that timed out is retried with its key on another process', async () => {
    const key = uniqueId('key-');
    const notes = uniqueId('timed out ');
    const body = JSON.stringify({ appointment: { location_name: 'Toronto DC', notes } });
    // The client gives up as soon as the request is sent: the server may still be running it.
    const connection = await openConnection(server.port);
    connection.socket.end(
      `POST /api/v1/appointments HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${world.token('admin')}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nIdempotency-Key: ${key}\r\n\r\n${body}`,
    );
    connection.socket.destroy();
    const retry = await untilSettled(() =>
      withKey(second.as(world, 'admin'), 'POST', '/appointments', JSON.parse(body), key),
    );
    expect(retry.status).to.equal(200);
    const last = await withKey(second.as(world, 'admin'), 'POST', '/appointments', JSON.parse(body), key);
    expect(last.headers['idempotent-replayed']).to.equal('true');
    expect(last.body.id).to.equal(retry.body.id);
    expect(await appointmentsWithNotes(notes)).to.equal(1);
  });

  it('answers 409 to a double submit while the first is running on another process, and creates once', async () => {
    const key = uniqueId('key-');
    const name = uniqueId('Carrier ');
    const body = { company: { name, company_type: 'carrier' } };
    // An uncommitted company of the same name holds the first request at the unique index.
    const blocker = await knex.transaction();
    await blocker('companies').insert({ organization_id: organizationId, name, company_type: 'carrier' });
    const first = withKey(world.as('admin'), 'POST', '/companies', body, key);
    await eventually('the first request to hold its key', async () => ((await keyHeld(key)) ? true : undefined));
    const double = await withKey(second.as(world, 'admin'), 'POST', '/companies', body, key);
    await blocker.rollback();
    expect(double.status).to.equal(409);
    expect(double.body.error).to.include('Idempotency-Key');
    expect((await first).status).to.equal(200);
    const replay = await withKey(second.as(world, 'admin'), 'POST', '/companies', body, key);
    expect(replay.body.id).to.equal((await first).body.id);
    expect((await world.as('admin').get('/companies', { name })).body).to.have.length(1);
  });

  it('frees a key as soon as the connection that held it is gone, as a process that dies leaves it', async () => {
    const key = uniqueId('key-');
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    const res0 = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    expect(res0.status).to.equal(200);
    // As a process mid-request holds it: the key without an answer, locked by a transaction on
    // a connection of its own.
    await knex('idempotency_keys').where({ organization_id: organizationId, key }).update({ status: null });
    const holder = new pg.Client({ connectionString: testDatabaseUrl() });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select 1 from idempotency_keys where organization_id = $1 and key = $2 for update', [
      organizationId,
      key,
    ]);
    expect((await withKey(world.as('admin'), 'POST', '/companies', body, key)).status).to.equal(409);
    // The process dies: its connection closes, and PostgreSQL ends its transaction.
    await holder.end();
    const retry = await withKey(world.as('admin'), 'POST', '/companies', body, key);
    // The key is the retry's at once: the request runs (the company exists now, so the run is a 422, stored).
    expect(retry.headers['idempotent-replayed']).to.equal(undefined);
    expect(retry.status).to.equal(422);
  });

  it('deletes expired keys as new ones are claimed', async () => {
    const expired = uniqueId('old-');
    const owner = await knex('idempotency_keys').where({ organization_id: organizationId }).first('api_user_id');
    await knex('idempotency_keys').insert({
      organization_id: organizationId,
      api_user_id: owner.api_user_id,
      key: expired,
      request_digest: 'x',
      expires_at: knex.raw("now() - interval '1 day'"),
      status: 200,
    });
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    await withKey(world.as('admin'), 'POST', '/companies', body, uniqueId('key-'));
    expect(await knex('idempotency_keys').where({ key: expired }).first()).to.equal(undefined);
  });

  it('gives the key up after a server error, so the same request can be retried and runs', async () => {
    // A handler that fails once with a 500, then succeeds: no route of the API fails on demand.
    const apiUser = await knex('api_users').where({ organization_id: organizationId }).first('id');
    const operation = listOperations().find((candidate) => candidate.operationId === 'createCompany')!;
    let runs = 0;
    const app = new Koa();
    app.use((ctx, next) => {
      ctx.state.requestId = 'test';
      ctx.state.operation = { id: operation.operationId, spec: operation };
      // The organization interface, where a company names no location to check before a replay.
      ctx.state.access = {
        organization: { id: organizationId },
        user: { id: apiUser.id },
        selectedLocation: () => undefined,
      };
      return next();
    });
    app.use(idempotency(new IdempotencyKeys((await testOrm()).em, 24), () => 1024 * 1024));
    app.use((ctx) => {
      if (++runs === 1) throw new Error('the database went away');
      ctx.body = { id: runs };
    });
    const failing = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => failing.once('listening', resolve));
    const { port } = failing.address() as { port: number };
    const key = uniqueId('key-');
    const post = () =>
      send(port, 'localhost', 'POST', '/api/v1/companies', {
        body: { company: {} },
        headers: { 'idempotency-key': key },
      });
    try {
      expect((await post()).status).to.equal(500);
      const retried = await post();
      expect(retried.status).to.equal(200);
      expect(retried.headers['idempotent-replayed']).to.equal(undefined);
      expect((await post()).headers['idempotent-replayed']).to.equal('true');
      expect(runs).to.equal(2);
    } finally {
      failing.close();
    }
  });

  it("answers a replay with the first answer's bytes, keys in their order, which jsonb would have reordered", async () => {
    const key = uniqueId('key-');
    const body = { product: { name: uniqueId('Bytes '), sku: uniqueId('B-'), location_name: 'Toronto DC' } };
    const first = await withKey(world.as('admin'), 'POST', '/products', body, key);
    const again = await withKey(world.as('admin'), 'POST', '/products', body, key);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.text).to.equal(first.text);
    expect(again.headers['content-type']).to.equal(first.headers['content-type']);
    expect(again.headers['content-length']).to.equal(first.headers['content-length']);
    // jsonb orders an object's keys shortest first: the answer's order is not that one.
    const keys = Object.keys(first.body);
    const jsonbOrder = [...keys].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    expect(keys).to.not.deep.equal(jsonbOrder);
  });

  it('keeps the answers stored before bodies were kept as bytes, as jsonb wrote them', async () => {
    const database = await createUnmigratedDatabase();
    try {
      const { orm } = database;
      await orm.getMigrator().up({ to: 'Migration20261207100000_organization_ids' });
      const id = uniqueId();
      await provision(orm.em.fork(), { organizations: [standardOrganization(id)] });
      const sql = orm.em.getKnex();
      const user = await sql('api_users')
        .join('organizations', 'organizations.id', 'api_users.organization_id')
        .where({ 'organizations.subdomain': id, 'api_users.name': 'admin' })
        .first('api_users.id', 'api_users.organization_id');
      await sql('idempotency_keys').insert({
        organization_id: user.organization_id,
        api_user_id: user.id,
        key: 'before',
        request_digest: 'digest',
        claimed_until: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
        status: 200,
        headers: JSON.stringify({ ETag: '"1"' }),
        body: JSON.stringify({ sku: 'APL-001', id: 7 }),
      });
      await orm.getMigrator().up();
      const row = await sql('idempotency_keys').where({ key: 'before' }).first('body', 'headers');
      expect(Buffer.isBuffer(row.body)).to.equal(true);
      expect(row.body.toString('utf8')).to.equal('{"id": 7, "sku": "APL-001"}');
      expect(row.headers).to.deep.equal({ ETag: '"1"' });
    } finally {
      await database.drop();
    }
  });

  it('stores nothing for a POST without the header', async () => {
    const stored = async () =>
      Number((await knex('idempotency_keys').where({ organization_id: organizationId }).count())[0]!.count);
    const before = await stored();
    const body = { company: { name: uniqueId('Carrier '), company_type: 'carrier' } };
    const res = await world.as('admin').post('/companies', body);
    expect(res.status).to.equal(200);
    expect(res.headers['idempotent-replayed']).to.equal(undefined);
    expect(await stored()).to.equal(before);
  });
});
