// A keyed write whose wh-server process died (DECISIONS 473): its claim was the lock its write's
// transaction held, so it ends with the process's connection, and a retry on another process runs
// the write, once, within seconds: at once when the dead process's backend was idle, and within
// the process's WH_DB_TIMEOUT_MS when it was waiting in a statement (statement_timeout ends it).
// Before, the claim was a row with a 120 s lease, and the retry answered 409 for two minutes.

import type { Knex } from '@mikro-orm/postgresql';
import { eventually } from '@warehouse-kit/testing';
import {
  ApiClient,
  type ChildServer,
  startChildServer,
  startWorld,
  stopChildServer,
  type TestResponse,
  type TestServer,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { childEnv } from './support/child-env.js';

/**
 * The dead process's bound on a statement: the longest its backend may go on after it died. Also
 * how long its write waits at the index while alive, so the retry sent meanwhile must reach the
 * other server within it: 5 s leaves a loaded machine room, and still frees the key within 15 s.
 */
const CHILD_TIMEOUT_MS = 5_000;

describe('a keyed write whose process died (extension)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let world: World;
  let child: ChildServer | undefined;
  let blocker: Knex.Transaction | undefined;

  before(async () => ({ server, world } = await startWorld()));
  after(async () => {
    await blocker?.rollback().catch(() => {});
    if (child && child.child.exitCode === null && child.child.signalCode === null) await stopChildServer(child.child);
    await server.close();
  });

  it('is retried on another process within its statement bound, and creates once', async () => {
    const knex = (await testOrm()).em.getKnex();
    const [{ id: organizationId }] = await knex('organizations').where({ subdomain: world.id }).select('id');
    child = await startChildServer([], childEnv({ WH_DB_TIMEOUT_MS: String(CHILD_TIMEOUT_MS) }));
    const key = uniqueId('key-');
    const name = uniqueId('Carrier ');
    const create = (port: number): Promise<TestResponse> =>
      new ApiClient(port, world.host(), world.token('admin')).request('POST', '/companies', {
        body: { company: { name, company_type: 'carrier' } },
        headers: { 'idempotency-key': key },
      });
    // An uncommitted company of the same name holds the dying process's write at the unique
    // index, inside its transaction, with the key locked.
    blocker = await knex.transaction();
    // It stays idle in its transaction for as long as the test needs, however loaded the machine:
    // the test ORM's own bound (5 s) would end it, let the dying write commit, and answer the
    // retry below as a replay (200) instead of 409.
    await blocker.raw('set local idle_in_transaction_session_timeout = 0');
    await blocker('companies').insert({ organization_id: organizationId, name, company_type: 'carrier' });
    create(child.port).catch(() => {});
    await eventually('the dying process to hold the key', async () => {
      const held = await knex.raw<{ rows: unknown[] }>(
        `select 1 from pg_locks l join pg_stat_activity a on a.pid = l.pid
          where a.state = 'active' and a.wait_event_type = 'Lock' and a.query like '%insert into companies%'`,
      );
      return held.rows.length > 0 ? true : undefined;
    });
    expect((await create(server.port)).status, 'while it runs').to.equal(409);

    child.child.kill('SIGKILL');
    const died = performance.now();
    // Its backend waits at the index until its statement bound ends it; the key is free then.
    await eventually(
      'the key to be free',
      async () => {
        const free = await knex.transaction(
          async (trx) =>
            (await trx('idempotency_keys').where({ organization_id: organizationId, key }).forUpdate().skipLocked())
              .length === 1,
        );
        return free ? true : undefined;
      },
      15_000,
    );
    const blockedMs = performance.now() - died;
    expect(blockedMs, 'blocked for').to.be.below(15_000);
    await blocker.rollback();
    blocker = undefined;
    const retried = await create(server.port);
    expect(retried.status, JSON.stringify(retried.body)).to.equal(200);
    expect(retried.headers['idempotent-replayed']).to.equal(undefined);
    const replay = await create(server.port);
    expect(replay.headers['idempotent-replayed']).to.equal('true');
    expect(replay.body.id).to.equal(retried.body.id);
    expect(await knex('companies').where({ organization_id: organizationId, name }).count()).to.deep.equal([
      { count: '1' },
    ]);
  });
});
