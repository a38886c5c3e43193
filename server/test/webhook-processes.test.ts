// Webhook delivery across wh-server processes (DECISIONS 246, 247): a process killed with SIGKILL
// mid-send leaves its delivery to the others once its lease (twice the timeout) has ended, and
// two processes on one database send every delivery once between them, the second taking what
// the first has no room for while the first is stopped (SIGSTOP) holding its claims. Nothing
// here depends on which process wakes first or how fast the machine is: the order is made by
// starting and stopping the processes, and each wait's bound only catches a hang (at a load
// average of 27, starting one wh-server took up to 30 s).
import { eventually } from '@warehouse-kit/testing';
import {
  type ChildServer,
  createWorld,
  startChildServer,
  startTestServer,
  stopChildServer,
  type TestServer,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { SHARES } from '../src/webhooks/worker.js';
import { childEnv } from './support/child-env.js';
import { rowIdOf } from './support/record-rows.js';
import { type Received, type Receiver, startReceiver } from './support/webhook-receiver.js';
import { fastWebhooks } from './support/webhook-worker.js';

const TEST_MS = 240_000;
/** Every wait ends well before the test's own timeout, so that a failure says what it waited for. */
const HANG_MS = 150_000;
/**
 * The send timeout of the processes that take over: their lease (twice it) outlasts the test,
 * so no claim of a stopped process ends and is sent again while a test runs.
 */
const LONG_TIMEOUT = { WH_WEBHOOK_TIMEOUT_MS: String(TEST_MS) };

interface DeliveryRow {
  id: string;
  status: string;
  attempts: number;
}

describe('webhook delivery by several processes (extension)', function () {
  this.timeout(TEST_MS);
  let server: TestServer;
  let world: World;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    world = await createWorld(server);
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await server.close();
  });

  /**
   * Runs `test` with an endpoint of its own for the receiver, and the processes it starts; then
   * lets the processes finish their sends and stop, and deletes the endpoint with its deliveries,
   * so that no process of a later test finds one of them due.
   */
  async function withDeliverers(
    test: (context: {
      start(env?: Record<string, string>): Promise<ChildServer>;
      deliveries(): Promise<DeliveryRow[]>;
    }) => Promise<void>,
  ): Promise<void> {
    const admin = world.as('admin');
    const res = await admin.post('/webhook_endpoints', {
      webhook_endpoint: { url: receiver.url, event_types: ['product.created'] },
    });
    expect(res.status).to.equal(200);
    const endpoint = await rowIdOf(world, 'webhook_endpoints', res.body.id);
    const children: ChildServer[] = [];
    try {
      await test({
        async start(env = {}) {
          const child = await startChildServer([], childEnv({ ...fastWebhooks, WH_LOG_LEVEL: 'debug', ...env }));
          children.push(child);
          return child;
        },
        deliveries: async () =>
          (await testOrm()).em.getConnection().execute<DeliveryRow[]>(
            `select d.id::text as id, d.status,
                (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
              from webhook_deliveries d where d.endpoint_id = ? order by d.id`,
            [endpoint],
          ),
      });
    } finally {
      // Held answers go out, so that no process waits on them to stop.
      receiver.answer(() => ({ status: 200 }));
      receiver.releaseAll();
      for (const { child } of children) {
        // A stopped process handles SIGTERM only once it runs again.
        child.kill('SIGCONT');
        if (child.exitCode === null && child.signalCode === null) await stopChildServer(child);
      }
      await admin.delete(`/webhook_endpoints/${res.body.id}`);
    }
  }

  const webhookId = (request: Received) => String(request.headers['webhook-id']);

  it('delivers, from another process, what a process killed with SIGKILL was sending', () =>
    withDeliverers(async ({ start, deliveries }) => {
      // A 5 s timeout: it does not give up and send again before it is killed; its lease, twice
      // that, is short for the next process to wait out.
      const doomed = await start({ WH_WEBHOOK_TIMEOUT_MS: '5000' });
      // No request is answered while it lives: it dies waiting.
      receiver.answer(() => ({ hang: true }));
      const before = receiver.received.length;
      const product = await world
        .as('admin')
        .post('/products', { product: { name: uniqueId('Killed '), location_name: 'Toronto DC' } });
      expect(product.status).to.equal(200);
      await receiver.waitFor(before + 1, HANG_MS);
      doomed.child.kill('SIGKILL');
      await new Promise((resolve) => doomed.child.once('exit', resolve));

      receiver.answer(() => ({ status: 200 }));
      const successor = await start(LONG_TIMEOUT);
      const [delivery] = await eventually(
        'the delivery recorded as delivered',
        async () => {
          const rows = await deliveries();
          return rows.length === 1 && rows[0]!.status === 'delivered' ? rows : undefined;
        },
        HANG_MS,
      );
      // Only the successor lives, and it says it sent it.
      await eventually(
        "the successor's log of the attempt",
        async () =>
          successor.output().includes(`"delivery":"${delivery!.id}"`) &&
          /"msg":"webhook attempt"/.test(successor.output())
            ? true
            : undefined,
        HANG_MS,
      );
      const ids = receiver.received.slice(before).map(webhookId);
      expect(ids.length).to.be.at.least(2);
      expect(new Set(ids).size, 'every request carried the one event').to.equal(1);
    }));

  it('sends each delivery exactly once between two processes, the second taking those the first cannot while it is stopped', () =>
    withDeliverers(async ({ start, deliveries }) => {
      const first = await start(LONG_TIMEOUT);
      const before = receiver.received.length;
      // What one process sends at once to one endpoint (DECISIONS 330), and more, so that the
      // first cannot claim them all.
      const held = SHARES.endpoint;
      const count = held + 15;

      // Every request is held: the first process claims as many as it sends at once to the
      // endpoint and waits on them, with no room to claim more.
      receiver.answer(() => ({ status: 200, held: true }));
      const upload = await world.as('admin', 'toronto').post('/bulk_uploads', {
        bulk_upload: {
          products: Array.from({ length: count }, (_, i) => ({
            name: uniqueId(`Pair ${i} `),
            sku: uniqueId(`PAIR-${i}-`),
          })),
        },
      });
      expect(upload.status, JSON.stringify(upload.body)).to.equal(200);
      await receiver.waitFor(before + held, HANG_MS);
      first.child.kill('SIGSTOP');
      const heldByFirst = new Set(receiver.received.slice(before).map(webhookId));

      // With the first stopped, a second process starts and delivers the rest, answered at once.
      receiver.answer(() => ({ status: 200 }));
      await start(LONG_TIMEOUT);
      await eventually(
        'the second process delivering what the first could not claim',
        async () => {
          const delivered = (await deliveries()).filter((delivery) => delivery.status === 'delivered');
          return delivered.length === count - held || undefined;
        },
        HANG_MS,
      );
      const sentBySecond = receiver.received
        .slice(before)
        .map(webhookId)
        .filter((id) => !heldByFirst.has(id));
      expect(sentBySecond).to.have.length(count - held);

      // The first runs again and its held sends are answered.
      first.child.kill('SIGCONT');
      receiver.releaseAll();
      const all = await eventually(
        'every delivery recorded',
        async () => {
          const rows = await deliveries();
          return rows.length === count && rows.every((delivery) => delivery.status === 'delivered') ? rows : undefined;
        },
        HANG_MS,
      );
      // Each once: one recorded attempt each, and the receiver got each webhook-id once.
      expect(all.map((delivery) => delivery.attempts)).to.deep.equal(Array(count).fill(1));
      const ids = receiver.received.slice(before).map(webhookId);
      expect(ids).to.have.length(count);
      expect(new Set(ids).size).to.equal(count);
      expect(heldByFirst.size).to.equal(held);
    }));
});
