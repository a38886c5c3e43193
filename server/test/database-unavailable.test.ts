import diagnostics_channel from 'node:diagnostics_channel';
import { setTimeout as sleep } from 'node:timers/promises';
import { listOperations } from '@warehouse-kit/spec/document';
import { eventually } from '@warehouse-kit/testing';
import {
  ApiClient,
  recordFixtureTokens,
  send,
  standardOrganization,
  startTestServer,
  type TestResponse,
  type TestServer,
  uniqueId,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { migrate, type Orm, openOrm } from '../src/db/orm.js';
import { provision } from '../src/provision/provision.js';
import { type SentStatement, STATEMENTS_CHANNEL } from '../src/sql/statements.js';
import { type OwnPostgres, startOwnPostgres } from './support/own-postgres.js';

/** WH_DB_TIMEOUT_MS for these tests: short, so that a wait that is bounded is told from one that is not. */
const TIMEOUT_MS = 1_000;
/** Longer than any bounded wait: a request still unanswered when it ends waited for the database. */
const FAULT_MS = 8_000;

function expectUnavailable(response: TestResponse, what: string): void {
  expect(response.status, `${what}: ${JSON.stringify(response.body)}`).to.equal(503);
  expect(response.headers['content-type'], what).to.match(/^application\/json/);
  expect(response.headers['retry-after'], what).to.match(/^[1-9]\d*$/);
  expect(response.body.request_id, what).to.be.a('string').and.equal(response.headers['x-request-id']);
  expect(response.body.error, what)
    .to.be.a('string')
    .and.not.match(/ECONN|timeout|pg|knex|select/i);
}

/** What `request` answers; fails when `faultEnds` settles first, as when the request waited the whole fault. */
async function beforeFault<T>(request: Promise<T>, faultEnds: Promise<void>): Promise<T> {
  const answer = await Promise.race([request, faultEnds.then(() => 'the fault ended first' as const)]);
  if (answer === 'the fault ended first') throw new Error('no answer while the database was away');
  return answer;
}

describe('a database that is away or hangs', function () {
  this.timeout(120_000);
  let postgres: OwnPostgres;
  let orm: Orm;
  let server: TestServer;
  let admin: ApiClient;
  let host: string;

  before(async () => {
    postgres = await startOwnPostgres();
    orm = await openOrm(postgres.url, { timeoutMs: TIMEOUT_MS });
    await migrate(orm);
    const id = uniqueId();
    const fixture = { organizations: [standardOrganization(id)] };
    recordFixtureTokens(fixture);
    await provision(orm.em.fork(), fixture);
    server = await startTestServer({ orm });
    host = `${id}.${server.baseHost}`;
    admin = new ApiClient(server.port, host, `${id}-admin-token`);
  });
  after(async () => {
    await server?.close();
    await orm?.close();
    await postgres?.remove();
  });

  const setting = async (name: string) =>
    ((await orm.em.getConnection().execute(`show ${name}`)) as Record<string, string>[])[0]![name];

  it('gives every connection the bounded waits of WH_DB_TIMEOUT_MS', async () => {
    expect(await setting('statement_timeout')).to.equal('1s');
    expect(await setting('idle_in_transaction_session_timeout')).to.equal('1s');
  });

  it('runs the embedded PostgreSQL as durably as a production one: fsync, full_page_writes and synchronous_commit on', async () => {
    for (const name of ['fsync', 'full_page_writes', 'synchronous_commit'])
      expect(await setting(name), name).to.equal('on');
  });

  it('answers every operation JSON 503 with Retry-After and the request id while PostgreSQL is killed, and serves again once it is back', async () => {
    expect((await admin.get('/products')).status).to.equal(200);
    await postgres.kill();
    try {
      for (const operation of listOperations()) {
        const path = operation.path.replace(/\{\w+\}/g, '1');
        const what = `${operation.method.toUpperCase()} ${operation.path}`;
        const client = operation.onOrganizationInterface
          ? admin
          : new ApiClient(server.port, host.replace('.', '-toronto.'), admin.token);
        const response = await client.request(operation.method.toUpperCase(), path, {
          body: operation.requestBodySchema ? {} : undefined,
        });
        expectUnavailable(response, what);
      }
      expectUnavailable(
        await admin.post('/products', { product: { name: 'Kiwis', sku: 'KIW-1', location_name: 'Toronto DC' } }),
        'a keyless create',
      );
      expect((await send(server.port, host, 'GET', '/readyz')).status).to.equal(503);
      expect((await send(server.port, host, 'GET', '/healthz')).status).to.equal(200);
    } finally {
      await postgres.restart();
    }
    await eventually('the server to serve again', async () =>
      (await admin.get('/products')).status === 200 ? true : undefined,
    );
    expect((await send(server.port, host, 'GET', '/readyz')).status).to.equal(200);
  });

  it('answers 503 within the bound while PostgreSQL hangs, and serves again once it resumes', async () => {
    expect((await admin.get('/products')).status).to.equal(200);
    postgres.hang();
    const faultEnds = sleep(FAULT_MS).then(() => postgres.resume());
    try {
      const answers = await beforeFault(
        Promise.all([
          admin.get('/products'),
          admin.post('/products', { product: { name: 'Figs', sku: 'FIG-1', location_name: 'Toronto DC' } }),
          send(server.port, host, 'GET', '/readyz'),
        ]),
        faultEnds,
      );
      expectUnavailable(answers[0], 'a read');
      expectUnavailable(answers[1], 'a write');
      expect(answers[2].status).to.equal(503);
    } finally {
      await faultEnds;
    }
    await eventually('the server to serve again', async () =>
      (await admin.get('/products')).status === 200 ? true : undefined,
    );
  });

  it('answers 503 to a write kept waiting on a lock past statement_timeout, writes none of it, and lets its key be used again', async () => {
    // A session of its own, without the short idle_in_transaction_session_timeout that would end it.
    const patient = await openOrm(postgres.url, { timeoutMs: 60_000 });
    const holder = await patient.em.getKnex().transaction();
    const sku = `LCK-${uniqueId()}`;
    const create = () =>
      admin.request('POST', '/products', {
        body: { product: { name: 'Limes', sku, location_name: 'Toronto DC' } },
        headers: { 'idempotency-key': `lock-${sku}` },
      });
    try {
      await holder.raw('lock table products in access exclusive mode');
      const held = sleep(FAULT_MS);
      expectUnavailable(await beforeFault(create(), held), 'a create behind a lock');
    } finally {
      await holder.rollback();
      await patient.close();
    }
    // 409 while the key is still held; 503 if a loaded machine stretches a statement past the bound.
    const again = await eventually('the key to be given up', async () => {
      const response = await create();
      return response.status === 409 || response.status === 503 ? undefined : response;
    });
    expect(again.status).to.equal(200);
    const listed = await admin.get('/products', { sku });
    expect(listed.body.filter((product: { sku: string }) => product.sku === sku)).to.have.length(1);
  });

  it('ends a transaction its client left idle past the bound, so its locks stop no one', async () => {
    const idle = await orm.em.getKnex().transaction();
    try {
      const { pid } = (await idle.raw('select pg_backend_pid() as pid')).rows[0] as { pid: number };
      await idle.raw('lock table products in access exclusive mode');
      // The client goes quiet holding the lock; past WH_DB_TIMEOUT_MS PostgreSQL ends its session.
      // Without the bound this waits until `eventually` gives up.
      await eventually('PostgreSQL to end the idle session', async () => {
        const [row] = (await orm.em
          .getConnection()
          .execute('select count(*)::int as open from pg_stat_activity where pid = ?', [pid])) as { open: number }[];
        return row!.open === 0 ? true : undefined;
      });
      // A loaded machine can still stretch one of the create's statements past the 1 s bound
      // (503); the lock is what would keep every attempt from answering 200.
      const created = await eventually('the create to go through', async () => {
        const response = await admin.post('/products', {
          product: { name: 'Quinces', sku: `IDL-${uniqueId()}`, location_name: 'Toronto DC' },
        });
        return response.status === 503 ? undefined : response;
      });
      expect(created.status).to.equal(200);
      const ended = await idle.raw('select 1').then(
        () => 'still open',
        () => 'ended',
      );
      expect(ended).to.equal('ended');
    } finally {
      // However the test ends, the connection goes back to the pool, or closing the ORM waits for it.
      await idle.rollback().catch(() => {});
    }
  });

  /**
   * A fault that hangs the database for FAULT_MS from the first `start()`: `reached` says it
   * started, `ended` that it ran its course (a wait was not bounded), `over` resumes the database.
   */
  function hangOnce() {
    const fault = { armed: true, reached: false, ended: false, ends: Promise.resolve() };
    return {
      fault,
      start() {
        if (!fault.armed) return;
        fault.armed = false;
        fault.reached = true;
        postgres.hang();
        fault.ends = sleep(FAULT_MS).then(() => {
          fault.ended = true;
          postgres.resume();
        });
      },
      async over() {
        fault.armed = false;
        postgres.resume();
        await fault.ends;
      },
    };
  }

  it("fails a provisioning (the unit of work, in the ORM's transaction) whose COMMIT meets a hung database within the bound", async () => {
    const fixture = { organizations: [standardOrganization(uniqueId())] };
    recordFixtureTokens(fixture);
    const { fault, start, over } = hangOnce();
    orm.em.getEventManager().registerSubscriber({ beforeTransactionCommit: start });
    try {
      const failure = await provision(orm.em.fork(), fixture).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(fault.reached, 'the provisioning reached its COMMIT').to.equal(true);
      expect(fault.ended, 'failed only once the database resumed').to.equal(false);
      expect(failure).to.be.instanceOf(Error);
    } finally {
      await over();
    }
    await eventually('the server to serve again', async () =>
      (await admin.get('/products')).status === 200 ? true : undefined,
    );
  });

  it('answers a keyed write whose COMMIT meets a hung database 503, and its retry finds it written once or not at all', async () => {
    const sku = `CMT-${uniqueId()}`;
    const create = () =>
      admin.request('POST', '/products', {
        body: { product: { name: 'Plums', sku, location_name: 'Toronto DC' } },
        headers: { 'idempotency-key': `commit-${sku}` },
      });
    const { fault, start, over } = hangOnce();
    // Every statement of the write has been answered; its COMMIT goes to a database that hangs.
    const hangAtCommit = (message: unknown) => {
      const { database, text } = message as SentStatement;
      if (database === orm.em.getConnection() && text === 'commit') start();
    };
    diagnostics_channel.subscribe(STATEMENTS_CHANNEL, hangAtCommit);
    let first: TestResponse;
    try {
      first = await create();
      expect(fault.reached, 'the write reached its COMMIT').to.equal(true);
      expect(fault.ended, 'answered while the database hung').to.equal(false);
    } finally {
      diagnostics_channel.unsubscribe(STATEMENTS_CHANNEL, hangAtCommit);
      await over();
    }
    expectUnavailable(first, 'a create whose COMMIT hung');
    const retried = await eventually('the key to be given up or answered', async () => {
      const response = await create();
      return response.status === 409 || response.status === 503 ? undefined : response;
    });
    expect(retried.status).to.equal(200);
    const listed = await admin.get('/products', { sku });
    const written = listed.body.filter((product: { sku: string }) => product.sku === sku);
    expect(written).to.have.length(1);
    expect(written[0].id).to.equal(retried.body.id);
  });
});
