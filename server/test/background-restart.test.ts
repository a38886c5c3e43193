// The background work of `wh-server start` (webhook delivery, the event and rate-limit sweeps)
// while its PostgreSQL is killed and started again: the process lives on, and every event of a
// change made before or after the restart is delivered once, none left pending or leased.
import { eventually } from '@warehouse-kit/testing';
import {
  ApiClient,
  type ChildServer,
  send,
  startChildServer,
  stopChildServer,
  TEST_BASE_HOST,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type Orm, openOrm } from '../src/db/orm.js';
import { fixtureFile } from './support/child-env.js';
import { type OwnPostgres, startOwnPostgres } from './support/own-postgres.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { fastWebhooks } from './support/webhook-worker.js';

describe('background work across a database restart', function () {
  this.timeout(120_000);
  let postgres: OwnPostgres;
  let server: ChildServer;
  let receiver: Receiver;
  let observer: Orm;
  let admin: ApiClient;

  before(async () => {
    postgres = await startOwnPostgres();
    receiver = await startReceiver();
    const id = uniqueId();
    const env = {
      ...process.env,
      ...fastWebhooks,
      DATABASE_URL: postgres.url,
      WH_BASE_HOST: TEST_BASE_HOST,
      WH_DB_TIMEOUT_MS: '1000',
    };
    server = await startChildServer(['--fixture', fixtureFile(id)], env);
    admin = new ApiClient(server.port, `${id}.${TEST_BASE_HOST}`, `${id}-admin-token`);
    observer = await openOrm(postgres.url);
  });
  after(async () => {
    if (server?.child.exitCode === null) await stopChildServer(server.child);
    await observer?.close();
    await receiver?.close();
    await postgres?.remove();
  });

  const create = (name: string) =>
    eventually(`a create of ${name}`, async () => {
      const answer = await admin.post('/products', { product: { name, location_name: 'Toronto DC' } });
      return answer.status === 200 ? answer : undefined;
    });

  it('lives on, delivers every event once and leaves no delivery pending or leased', async () => {
    const endpoint = await admin.post('/webhook_endpoints', {
      webhook_endpoint: { url: receiver.url, event_types: ['product.created'] },
    });
    expect(endpoint.status).to.equal(200);
    await create('Before');
    await receiver.waitFor(1);
    // Recorded as delivered before the database goes: a delivery answered but not yet recorded
    // when it dies is sent again, with the same webhook-id (at least once, DECISIONS 247).
    await eventually('the delivery of Before recorded', async () => {
      const [row] = (await observer.em
        .getConnection()
        .execute("select count(*)::int as delivered from webhook_deliveries where status = 'delivered'")) as {
        delivered: number;
      }[];
      return row!.delivered === 1 ? true : undefined;
    });

    await postgres.kill();
    // The server has met the database away (its background rounds meet it the same way) before
    // it comes back.
    await eventually('the server to see the database away', async () =>
      (await send(server.port, TEST_BASE_HOST, 'GET', '/readyz')).status === 503 ? true : undefined,
    );
    await postgres.restart();
    await create('After 1');
    await create('After 2');

    const received = await receiver.waitFor(3, 20_000);
    const names = received.map((request) => JSON.parse(request.body).data.object.name);
    expect(names).to.have.members(['Before', 'After 1', 'After 2']);
    expect(new Set(received.map((request) => request.headers['webhook-id'])).size).to.equal(3);
    expect(server.child.exitCode, server.output().slice(-2_000)).to.equal(null);
    // knex's own warnings would be lines of their own, with the failed statement and its values.
    expect(server.output()).not.to.match(/^Connection Error/m);
    expect((await send(server.port, TEST_BASE_HOST, 'GET', '/readyz')).status).to.equal(200);
    const left = (await observer.em
      .getConnection()
      .execute(
        "select count(*)::int as left from webhook_deliveries where status <> 'delivered' or lease is not null",
      )) as { left: number }[];
    expect(left[0]!.left).to.equal(0);
  });
});
