// Webhook delivery across wh-server processes (DECISIONS 246, 247): a process killed with SIGKILL
// mid-send leaves its delivery to the others once its lease (twice the timeout) has ended, and
// two processes on one database send every delivery once between them, the second taking what
// the first has no room for while the first is stopped (SIGSTOP) holding its claims. Nothing
// here depends on which process wakes first: the order is made by stopping and starting them.
import { eventually } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { CONCURRENCY } from '../src/serve/webhook-delivery.js';
import { type ChildServer, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { testOrm } from '../src/testing/database.js';
import { startTestServer, type TestServer } from '../src/testing/server.js';
import { createWorld, uniqueId, type World } from '../src/testing/world.js';
import { childEnv } from './support/child-env.js';
import { type Received, type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, fastWebhooks } from './support/webhook-worker.js';

/**
 * The timeout of the processes that take over: their lease (twice it) outlasts the file's
 * timeout, so no claim of a stopped process ends and is sent again while a test runs.
 */
const LONG_TIMEOUT = { WH_WEBHOOK_TIMEOUT_MS: '60000' };

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
}

describe('webhook delivery by several processes (extension)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let world: World;
  let receiver: Receiver;
  let endpointId: number;
  const children: ChildServer[] = [];

  const startDeliverer = async (env: Record<string, string> = {}) => {
    const child = await startChildServer([], childEnv({ ...fastWebhooks, WH_LOG_LEVEL: 'debug', ...env }));
    children.push(child);
    return child;
  };

  /** The endpoint's deliveries as the database holds them, with their recorded attempts. */
  const deliveries = async (): Promise<DeliveryRow[]> =>
    (await testOrm()).em.getConnection().execute<DeliveryRow[]>(
      `select d.id::text as id, d.status, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
        from webhook_deliveries d where d.endpoint_id = ? order by d.id`,
      [endpointId],
    );

  const webhookId = (request: Received) => String(request.headers['webhook-id']);

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    world = await createWorld(server);
    receiver = await startReceiver();
    const res = await world
      .as('admin')
      .post('/webhook_endpoints', { webhook_endpoint: { url: receiver.url, event_types: ['product.created'] } });
    expect(res.status).to.equal(200);
    endpointId = res.body.id;
  });
  after(async () => {
    for (const { child } of children) {
      // A stopped process handles SIGTERM only once it runs again.
      child.kill('SIGCONT');
      if (child.exitCode === null) await stopChildServer(child);
    }
    await deleteEndpoints(world);
    await receiver.close();
    await server.close();
  });

  it('delivers, from another process, what a process killed with SIGKILL was sending', async () => {
    const doomed = await startDeliverer();
    // The first request is never answered: the process dies while it waits.
    let hold = true;
    receiver.answer(() => (hold ? { hang: true } : { status: 200 }));
    const product = await world
      .as('admin')
      .post('/products', { product: { name: uniqueId('Killed '), location_name: 'Toronto DC' } });
    expect(product.status).to.equal(200);
    const [first] = await receiver.waitFor(1);
    doomed.child.kill('SIGKILL');
    await new Promise((resolve) => doomed.child.once('exit', resolve));
    hold = false;
    // The next test's first process takes the delivery once the lease has ended.
    await startDeliverer(LONG_TIMEOUT);
    const [, second] = await receiver.waitFor(2, 15_000);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
    // Recorded, so the process holds no send when the next test begins.
    await eventually(
      'the delivery recorded',
      async () => (await deliveries()).every((delivery) => delivery.status === 'delivered') || undefined,
    );
  });

  it('sends each delivery exactly once between two processes, the second taking those the first cannot while it is stopped', async () => {
    const first = children[1]!;
    const earlier = new Set((await deliveries()).map((delivery) => delivery.id));
    const ours = async () => (await deliveries()).filter((delivery) => !earlier.has(delivery.id));
    const before = receiver.received.length;
    // More than one process sends at once, so that the first cannot claim them all.
    const count = CONCURRENCY + 15;

    // Every request is held until released: the first process claims as many as it sends at
    // once and waits on them, with no room to claim more.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.answer(() => ({ status: 200, after: released }));
    const upload = await world.as('admin', 'toronto').post('/bulk_uploads', {
      bulk_upload: {
        products: Array.from({ length: count }, (_, i) => ({
          name: uniqueId(`Pair ${i} `),
          sku: uniqueId(`PAIR-${i}-`),
        })),
      },
    });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(200);
    await receiver.waitFor(before + CONCURRENCY, 20_000);
    first.child.kill('SIGSTOP');
    const heldByFirst = new Set(receiver.received.slice(before).map(webhookId));

    // With the first stopped, a second process starts and delivers the rest, answered at once.
    receiver.answer(() => ({ status: 200 }));
    await startDeliverer(LONG_TIMEOUT);
    await eventually('the second process delivering what the first could not claim', async () => {
      const delivered = (await ours()).filter((delivery) => delivery.status === 'delivered');
      return delivered.length === count - CONCURRENCY || undefined;
    });
    const sentBySecond = receiver.received
      .slice(before)
      .map(webhookId)
      .filter((id) => !heldByFirst.has(id));
    expect(sentBySecond).to.have.length(count - CONCURRENCY);

    // The first runs again and its held sends are answered.
    first.child.kill('SIGCONT');
    release();
    const all = await eventually('every delivery recorded', async () => {
      const rows = await ours();
      return rows.length === count && rows.every((delivery) => delivery.status === 'delivered') ? rows : undefined;
    });
    // Each once: one recorded attempt each, and the receiver got each webhook-id once.
    expect(all.map((delivery) => delivery.attempts)).to.deep.equal(Array(count).fill(1));
    const ids = receiver.received.slice(before).map(webhookId);
    expect(ids).to.have.length(count);
    expect(new Set(ids).size).to.equal(count);
    expect(heldByFirst.size).to.equal(CONCURRENCY);
  });
});
