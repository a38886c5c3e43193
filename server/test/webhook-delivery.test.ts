// Webhook delivery (DECISIONS 246–251), an extension beyond the reference: a node:http receiver
// verifies each delivery's Standard Webhooks signature itself, and sees retries with the same
// webhook-id, Retry-After honoured, 410 disabling the endpoint, rotation's two signatures,
// redelivery and recovery. The schedule is shortened a thousandfold (WH_WEBHOOK_RETRY_SCALE).
import { eventually } from '@warehouse-kit/testing';
import {
  createWorld,
  startTestServer,
  type TestServer,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { WebhookDelivery } from '../src/webhooks/worker.js';
import { rowIdOf } from './support/record-rows.js';
import { type Receiver, startReceiver, verifies } from './support/webhook-receiver.js';
import { deleteEndpoints, startWebhookWorker } from './support/webhook-worker.js';

describe('webhook delivery (extension)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let worker: WebhookDelivery;
  let world: World;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    worker = await startWebhookWorker();
  });
  after(async () => {
    await worker.stop();
    await server.close();
  });
  beforeEach(async () => {
    world = await createWorld(server);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await deleteEndpoints(world);
    await receiver.close();
  });

  async function endpoint(fields: Record<string, unknown> = {}): Promise<{ id: number; secret: string }> {
    const res = await world
      .as('admin')
      .post('/webhook_endpoints', { webhook_endpoint: { url: receiver.url, event_types: ['product.*'], ...fields } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  }

  const createProduct = async () => {
    const res = await world
      .as('admin')
      .post('/products', { product: { name: uniqueId('Hooked '), location_name: 'Toronto DC' } });
    expect(res.status).to.equal(200);
    return res.body as { id: number };
  };

  const deliveries = async (id: number) => (await world.as('admin').get(`/webhook_endpoints/${id}/deliveries`)).body;
  /**
   * The endpoint's `count` deliveries once each is recorded delivered: a receiver has its request
   * a moment before the server records the answer, and a recovery leaves out pending events.
   */
  const recorded = (id: number, count: number) =>
    eventually(`${count} deliveries recorded`, async () => {
      const list: {
        id: number;
        event_id: string;
        status: string;
        attempts: { status_code: number | null; error: string | null }[];
      }[] = await deliveries(id);
      return list.length === count && list.every((delivery) => delivery.status === 'delivered') ? list : undefined;
    });

  /** The endpoint once the server has disabled it. */
  const disabledEndpoint = (id: number) =>
    eventually('the endpoint disabled', async () => {
      const shown = (await world.as('admin').get(`/webhook_endpoints/${id}`)).body;
      return shown.enabled === false ? shown : undefined;
    });

  /** Another endpoint for product events, on a receiver of its own: what it was sent shows the events fanned out. */
  async function witnessEndpoint() {
    const other = await startReceiver();
    const { id } = await endpoint({ url: other.url });
    return { delivered: (count: number) => recorded(id, count), close: () => other.close() };
  }

  it('POSTs the event as GET /events/{id} shows it, signed with the secret, webhook-id the event id', async () => {
    const { secret } = await endpoint();
    const product = await createProduct();
    const [request] = await receiver.waitFor(1);
    expect(verifies(request!, secret)).to.equal(true);
    expect(verifies(request!, `whsec_${Buffer.alloc(32).toString('base64')}`)).to.equal(false);
    const event = JSON.parse(request!.body);
    expect(event).to.include({ type: 'product.created', subject: `products/${product.id}` });
    expect(request!.headers['webhook-id']).to.equal(event.id);
    expect(Number(request!.headers['webhook-timestamp'])).to.be.closeTo(Date.now() / 1000, 5);
    const shown = await world.as('admin').get(`/events/${event.id}`);
    expect(event).to.deep.equal(shown.body);
  });

  it('retries a 500 with the same webhook-id and records both attempts', async () => {
    const { id } = await endpoint();
    receiver.answer((_, index) => ({ status: index === 0 ? 500 : 200 }));
    await createProduct();
    const [first, second] = await receiver.waitFor(2);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    const [delivery] = await recorded(id, 1);
    expect(delivery).to.include({ status: 'delivered', reason: 'event', next_attempt_at: null });
    expect(delivery!.attempts.map((a) => a.status_code)).to.deep.equal([500, 200]);
    expect(
      (await world.as('admin').get(`/webhook_endpoints/${id}/deliveries`, { status: 'failed' })).body,
    ).to.deep.equal([]);
  });

  it('waits for Retry-After on 503 rather than the schedule', async () => {
    await endpoint();
    receiver.answer((_, index) => (index === 0 ? { status: 503, headers: { 'Retry-After': '1' } } : { status: 204 }));
    await createProduct();
    const [first, second] = await receiver.waitFor(2);
    expect(second!.at - first!.at).to.be.at.least(950);
  });

  it('disables an endpoint that answers 410 and sends it nothing more until it is enabled again', async () => {
    const { id } = await endpoint();
    receiver.answer(() => ({ status: 410 }));
    await createProduct();
    await receiver.waitFor(1);
    const disabled = await disabledEndpoint(id);
    expect(disabled.disabled_reason).to.include('410');
    expect((await deliveries(id))[0].status).to.equal('failed');
    // Another endpoint's delivery of the next event shows it fanned out: none was queued here.
    const witness = await witnessEndpoint();
    await createProduct();
    await witness.delivered(1);
    expect(await deliveries(id)).to.have.length(1);
    expect(receiver.received).to.have.length(1);
    await witness.close();

    // Enabled again, it clears the reason and receives what comes next.
    receiver.answer(() => ({ status: 204 }));
    const enabled = await world.as('admin').patch(`/webhook_endpoints/${id}`, { webhook_endpoint: { enabled: true } });
    expect(enabled.body).to.include({ enabled: true, disabled_reason: null });
    const product = await createProduct();
    const [, next] = await receiver.waitFor(2);
    expect(JSON.parse(next!.body).subject).to.equal(`products/${product.id}`);
  });

  it('disables an endpoint whose deliveries failed for WH_WEBHOOK_DISABLE_AFTER_DAYS days', async () => {
    const { id } = await endpoint();
    const orm = await testOrm();
    await orm.em
      .getConnection()
      .execute("update webhook_endpoints set failing_since = now() - interval '6 days' where id = ?", [
        await rowIdOf(world, 'webhook_endpoints', id),
      ]);
    receiver.answer(() => ({ status: 500 }));
    await createProduct();
    await receiver.waitFor(1);
    expect((await disabledEndpoint(id)).disabled_reason).to.include('5 days');
  });

  it('signs with the old and the new secret for a day after a rotation', async () => {
    const { id, secret: old } = await endpoint();
    const rotated = await world.as('admin').post(`/webhook_endpoints/${id}/rotate_secret`, undefined);
    await createProduct();
    const [request] = await receiver.waitFor(1);
    const signatures = String(request!.headers['webhook-signature']).split(' ');
    expect(signatures).to.have.length(2);
    expect(verifies(request!, rotated.body.secret)).to.equal(true);
    expect(verifies(request!, old)).to.equal(true);
  });

  it('redelivers one delivery, and recovers every event of a window, with their webhook-ids', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const { id } = await endpoint();
    await createProduct();
    await createProduct();
    await receiver.waitFor(2);
    const latest = (await recorded(id, 2))[0]!;
    const again = await world.as('admin').post(`/webhook_endpoints/${id}/deliveries/${latest.id}/redeliver`, undefined);
    expect(again.status, JSON.stringify(again.body)).to.equal(200);
    expect(again.body).to.include({ status: 'pending', reason: 'redeliver', event_id: latest.event_id });
    const [, , third] = await receiver.waitFor(3);
    expect(third!.headers['webhook-id']).to.equal(latest.event_id);
    await recorded(id, 3);

    const recovered = await world.as('admin').post(`/webhook_endpoints/${id}/recover`, { recovery: { since } });
    expect(recovered.status, JSON.stringify(recovered.body)).to.equal(200);
    expect(recovered.body.deliveries).to.equal(2);
    const all = await receiver.waitFor(5);
    // Sent side by side, they may arrive in either order.
    const idsOf = (requests: typeof all) => requests.map((r) => String(r.headers['webhook-id'])).sort();
    expect(idsOf(all.slice(3))).to.deep.equal(idsOf(all.slice(0, 2)));

    const backwards = await world
      .as('admin')
      .post(`/webhook_endpoints/${id}/recover`, { recovery: { since, until: since } });
    expect(backwards.status).to.equal(422);
    expect(backwards.body.errors).to.have.property('until');
    const unknown = await world.as('admin').post(`/webhook_endpoints/${id}/deliveries/999999999/redeliver`, undefined);
    expect(unknown.status).to.equal(404);

    // A disabled endpoint neither redelivers nor recovers: enable it first.
    const off = await world.as('admin').patch(`/webhook_endpoints/${id}`, { webhook_endpoint: { enabled: false } });
    expect(off.status, JSON.stringify(off.body)).to.equal(200);
    for (const refused of [
      await world.as('admin').post(`/webhook_endpoints/${id}/deliveries/${latest.id}/redeliver`, undefined),
      await world.as('admin').post(`/webhook_endpoints/${id}/recover`, { recovery: { since } }),
    ]) {
      expect(refused.status, JSON.stringify(refused.body)).to.equal(422);
      expect(refused.body.errors.base).to.deep.equal(['the webhook endpoint is disabled; enable it first']);
    }
  });

  it('checks the address again at delivery, connecting only to one the guard allows (DNS rebinding)', async () => {
    // Saved while loopback was allowed, as a name that resolved to a public address then would be.
    const { id } = await endpoint({ url: receiver.url.replace('127.0.0.1', 'localhost') });
    await worker.stop();
    const strict = await startWebhookWorker({ webhookAllowPrivate: false });
    try {
      await createProduct();
      type Attempted = { status: string; attempts: { status_code: number | null; error: string | null }[] };
      const delivery = await eventually('an attempt recorded', async () => {
        const [first]: (Attempted | undefined)[] = await deliveries(id);
        return first?.attempts.length ? first : undefined;
      });
      expect(delivery.status).to.equal('pending');
      expect(delivery.attempts[0]).to.include({ status_code: null, error: 'refused_address' });
      expect(receiver.received).to.have.length(0);
    } finally {
      await strict.stop();
      worker = await startWebhookWorker();
    }
  });

  it('goes on delivering to other endpoints while one receiver has not answered', async () => {
    // A receiver that never answers holds its attempt until the timeout, here longer than the
    // test: the process must not wait for it before it sends what comes next to another endpoint.
    await worker.stop();
    const patient = await startWebhookWorker({ webhookTimeoutMs: 300_000 });
    const silent = await startReceiver();
    try {
      silent.answer(() => ({ hang: true }));
      const stuck = await world
        .as('admin')
        .post('/webhook_endpoints', { webhook_endpoint: { url: silent.url, event_types: ['product.*'] } });
      expect(stuck.status, JSON.stringify(stuck.body)).to.equal(200);
      await endpoint();
      await createProduct();
      await Promise.all([silent.waitFor(1), receiver.waitFor(1)]);
      await createProduct();
      await receiver.waitFor(2);
      // The silent receiver's first delivery (the oldest, listed last) is still being attempted.
      const first = (await deliveries(stuck.body.id)).at(-1);
      expect(first.attempts).to.deep.equal([]);
    } finally {
      await silent.close();
      await patient.stop();
      worker = await startWebhookWorker();
    }
  });

  it('delivers only the types and locations an endpoint covers', async () => {
    const { id } = await endpoint({ location_names: ['Vancouver DC'] });
    await createProduct(); // at Toronto: not for this endpoint
    const company = await world.as('admin').post('/companies', {
      company: { name: uniqueId('Carrier '), company_type: 'carrier' },
    });
    expect(company.status).to.equal(200);
    const vancouver = await world
      .as('admin')
      .post('/products', { product: { name: uniqueId('West '), location_name: 'Vancouver DC' } });
    const [request] = await receiver.waitFor(1);
    // Events are fanned out in order, so the earlier ones were by now: one delivery, this one.
    expect(await deliveries(id)).to.have.length(1);
    expect(receiver.received).to.have.length(1);
    expect(JSON.parse(request!.body).subject).to.equal(`products/${vancouver.body.id}`);
  });
});
