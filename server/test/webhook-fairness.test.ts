// The fair delivery queue (DECISIONS 330, 331), an extension beyond the reference: one
// organization's backlog to a slow receiver does not hold back another organization's
// delivery, and a recovery queues nothing already pending, one at a time per endpoint.
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  createWorld,
  startTestServer,
  type TestServer,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { SHARES, type WebhookDelivery } from '../src/webhooks/worker.js';
import { rowIdOf } from './support/record-rows.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, startWebhookWorker } from './support/webhook-worker.js';

/** Organization A's backlog, and how long its receiver takes to answer each delivery. */
const BACKLOG = 10_000;
const SLOW_ANSWER_MS = 1_000;
/**
 * How many of A's deliveries its receiver may get between B's write and B's delivery: a tenth of
 * the backlog. A's endpoint has at most SHARES.endpoint sends at once, each a second long, so that
 * is over a minute and a half of B's delivery, however loaded the machine; waiting behind the
 * backlog would be all of it. Counted, not timed, so that a slow machine does not fail the test.
 */
const A_AT_MOST = BACKLOG / 10;
/** Longer than any wait of the test: a held send ends only when its receiver closes. */
const HELD_TIMEOUT_MS = 300_000;

describe('the fair delivery queue (extension)', () => {
  let server: TestServer;
  let em: EntityManager;
  let a: World;
  let b: World;
  let slow: Receiver;
  let quick: Receiver;
  let worker: WebhookDelivery | undefined;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    em = (await testOrm()).em.fork();
    [a, b] = [await createWorld(server), await createWorld(server)];
    [slow, quick] = [await startReceiver(), await startReceiver()];
  });
  after(async () => {
    // Closed first, so that the sends it holds end now rather than at the timeout.
    await slow.close();
    await worker?.stop();
    for (const world of [a, b]) await deleteEndpoints(world);
    await quick.close();
    await server.close();
  });

  const endpoint = async (world: World, url: string, types: string[]) => {
    const created = await world
      .as('admin')
      .post('/webhook_endpoints', { webhook_endpoint: { url, event_types: types } });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    return created.body.id as number;
  };
  const company = async (world: World) =>
    expect(
      (await world.as('admin').post('/companies', { company: { name: uniqueId('Fair '), company_type: 'carrier' } }))
        .status,
    ).to.equal(200);

  /** B writes, and its receiver gets the event while A's receiver gets at most `aAtMost` more. */
  const expectDeliveredToB = async (aAtMost: number) => {
    const [before, aBefore] = [quick.received.length, slow.received.length];
    await company(b);
    await quick.waitFor(before + 1);
    expect(slow.received.length - aBefore, "A's deliveries while B's waited").to.be.at.most(aAtMost);
  };

  it('queues in a recovery no event the endpoint has pending, and one recovery at a time', async () => {
    // No process delivers yet, so what is queued stays pending.
    const id = await endpoint(b, quick.url, ['company.created']);
    const since = new Date(Date.now() - 60_000).toISOString();
    await company(b);
    await company(b);
    const admin = b.as('admin');
    const recover = () => admin.post(`/webhook_endpoints/${id}/recover`, { recovery: { since } });
    const first = await recover();
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.deliveries).to.equal(2);

    const again = await recover();
    expect(again.status).to.equal(422);
    expect(again.body.errors.base).to.deep.equal([
      'a recovery of this endpoint is still being delivered (2 pending); recover again once it is done',
    ]);

    // Once that recovery is delivered, another may run; it leaves out an event a redelivery has pending.
    await em.execute(`update webhook_deliveries set status = 'delivered' where endpoint_id = ?`, [
      await rowIdOf(b, 'webhook_endpoints', id),
    ]);
    const [oldest] = (await admin.get(`/webhook_endpoints/${id}/deliveries`)).body.slice(-1);
    expect((await admin.post(`/webhook_endpoints/${id}/deliveries/${oldest.id}/redeliver`, undefined)).status).to.equal(
      200,
    );
    const third = await recover();
    expect(third.status, JSON.stringify(third.body)).to.equal(200);
    expect(third.body.deliveries).to.equal(1);
    const pending = (await admin.get(`/webhook_endpoints/${id}/deliveries`, { status: 'pending' })).body;
    expect(pending.map((delivery: { event_id: string }) => delivery.event_id).sort())
      .to.have.length(2)
      .and.satisfy((ids: string[]) => new Set(ids).size === 2);
    await deleteEndpoints(b);
  });

  it("delivers another organization's event while one has 10,000 pending to a receiver taking 1 s, long before they drain", async function () {
    this.timeout(120_000);
    slow.answer(() => ({ status: 204, delayMs: SLOW_ANSWER_MS }));
    const backlogged = await rowIdOf(a, 'webhook_endpoints', await endpoint(a, slow.url, ['company.created']));
    await company(a);
    // A's backlog, written as a long outage or a recovery would leave it: older than anything B writes.
    const [event] = await em.execute<{ id: string }[]>(
      `select e.id::text from events e join organizations o on o.id = e.organization_id
        where o.subdomain = ? order by e.id desc limit 1`,
      [a.id],
    );
    await em.execute(
      `insert into webhook_deliveries (organization_id, endpoint_id, event_id, event_type, reason, next_attempt_at)
        select w.organization_id, w.id, ?, 'company.created', 'recover', now() - interval '1 minute'
        from webhook_endpoints w, generate_series(1, ?) where w.id = ?`,
      [event!.id, BACKLOG, backlogged],
    );
    await endpoint(b, quick.url, ['company.created']);
    // The default poll; the next test's receiver holds its sends longer than the test waits.
    worker = await startWebhookWorker({ webhookTimeoutMs: HELD_TIMEOUT_MS, webhookPollMs: 250 });
    // The process is busy with A's backlog before B writes.
    await slow.waitFor(3);

    await expectDeliveredToB(A_AT_MOST);
    // A's backlog is still there: B did not wait for it to drain.
    const [{ pending }] = await em.execute<[{ pending: string }]>(
      `select count(*) as pending from webhook_deliveries where endpoint_id = ? and status = 'pending'`,
      [backlogged],
    );
    expect(Number(pending)).to.be.above(BACKLOG - A_AT_MOST - SHARES.endpoint);
  });

  it('delivers it too while that receiver holds every delivery it gets without answering, before any of them ends', async function () {
    this.timeout(120_000);
    const before = slow.received.length;
    slow.answer(() => ({ hang: true }));
    // Every send the process lets A's endpoint have is now held, past any wait of the test.
    await slow.waitFor(before + SHARES.endpoint);
    // None of A's sends ended, or another would have started: B's delivery did not wait for one.
    await expectDeliveredToB(0);
  });
});
