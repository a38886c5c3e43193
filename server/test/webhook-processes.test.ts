// Webhook delivery across wh-server processes (DECISIONS 246, 247): a process killed with SIGKILL
// mid-send leaves its delivery to the others once its lease (twice the timeout) has ended, and
// two processes on one database send every delivery once between them.
import { eventually } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { type ChildServer, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { startTestServer, type TestServer } from '../src/testing/server.js';
import { createWorld, uniqueId, type World } from '../src/testing/world.js';
import { childEnv } from './support/child-env.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, fastWebhooks } from './support/webhook-worker.js';

/** Longer than the slow answers of the pair's test, so none times out and is sent again. */
const PAIR_TIMEOUT = { WH_WEBHOOK_TIMEOUT_MS: '5000' };

describe('webhook delivery by several processes (extension)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let world: World;
  let receiver: Receiver;
  const children: ChildServer[] = [];

  const startDeliverer = async (env: Record<string, string> = {}) => {
    const child = await startChildServer([], childEnv({ ...fastWebhooks, WH_LOG_LEVEL: 'debug', ...env }));
    children.push(child);
    return child;
  };

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    world = await createWorld(server);
    receiver = await startReceiver();
    const res = await world
      .as('admin')
      .post('/webhook_endpoints', { webhook_endpoint: { url: receiver.url, event_types: ['product.created'] } });
    expect(res.status).to.equal(200);
  });
  after(async () => {
    for (const child of children) if (child.child.exitCode === null) await stopChildServer(child.child);
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
    // The pair the next test uses; one of them takes the delivery once the lease has ended.
    // Their timeout leaves room for the next test's slow answers.
    await Promise.all([startDeliverer(PAIR_TIMEOUT), startDeliverer(PAIR_TIMEOUT)]);
    const [, second] = await receiver.waitFor(2, 15_000);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
  });

  it('sends each of 40 deliveries exactly once between two processes', async () => {
    const pair = children.slice(1);
    const before = receiver.received.length;
    const logged = pair.map((child) => child.output().length);
    // A process sends at most 25 deliveries at once: answers slow enough that the first to
    // claim is still waiting on its 25 when the other polls leave the other 15 to the other.
    // (At 50 ms, a loaded machine let one process answer its 25 and take the rest before the
    // other woke.)
    receiver.answer(() => ({ status: 200, delayMs: 1_000 }));
    const upload = await world.as('admin', 'toronto').post('/bulk_uploads', {
      bulk_upload: {
        products: Array.from({ length: 40 }, (_, i) => ({ name: uniqueId(`Pair ${i} `), sku: uniqueId(`PAIR-${i}-`) })),
      },
    });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(200);
    const received = (await receiver.waitFor(before + 40, 20_000)).slice(before);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).to.equal(40);
    expect(receiver.received).to.have.length(before + 40);
    // An attempt is logged once its answer has come, a second after the receiver saw it.
    const sentBy = (i: number) => pair[i]!.output().slice(logged[i]).includes('"msg":"webhook attempt"');
    await eventually('an attempt logged by each process', async () => (sentBy(0) && sentBy(1)) || undefined, 10_000);
  });
});
