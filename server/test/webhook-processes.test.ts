// Webhook delivery across wh-server processes (DECISIONS 246, 247): two processes on one database
// send every delivery once between them, and a process killed with SIGKILL mid-send leaves its
// delivery to the next, once its lease (twice the timeout) has ended.
import { expect } from 'chai';
import { type ChildServer, startChildServer, stopChildServer } from '../src/testing/child-server.js';
import { startTestServer, type TestServer } from '../src/testing/server.js';
import { createWorld, uniqueId, type World } from '../src/testing/world.js';
import { childEnv } from './support/child-env.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, fastWebhooks } from './support/webhook-worker.js';

describe('webhook delivery by several processes (extension)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let world: World;
  let receiver: Receiver;
  const children: ChildServer[] = [];

  const startDeliverer = async () => {
    const child = await startChildServer([], childEnv({ ...fastWebhooks, WH_LOG_LEVEL: 'debug' }));
    children.push(child);
    return child;
  };

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
  });
  beforeEach(async () => {
    world = await createWorld(server);
    receiver = await startReceiver();
    const res = await world
      .as('admin')
      .post('/webhook_endpoints', { webhook_endpoint: { url: receiver.url, event_types: ['product.created'] } });
    expect(res.status).to.equal(200);
  });
  afterEach(async () => {
    for (const child of children.splice(0)) if (child.child.exitCode === null) await stopChildServer(child.child);
    await deleteEndpoints(world);
    await receiver.close();
  });
  after(() => server.close());

  it('sends each of 40 deliveries exactly once between two processes', async () => {
    const pair = await Promise.all([startDeliverer(), startDeliverer()]);
    // Slow answers keep several deliveries in flight in both processes at once.
    receiver.answer(() => ({ status: 200, delayMs: 50 }));
    const upload = await world.as('admin', 'toronto').post('/bulk_uploads', {
      bulk_upload: {
        products: Array.from({ length: 40 }, (_, i) => ({ name: uniqueId(`Pair ${i} `), sku: uniqueId(`PAIR-${i}-`) })),
      },
    });
    expect(upload.status, JSON.stringify(upload.body)).to.equal(200);
    const received = await receiver.waitFor(40, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = received.map((request) => request.headers['webhook-id']);
    expect(new Set(ids).size).to.equal(40);
    expect(ids).to.have.length(40);
    for (const child of pair) expect(child.output(), 'each process sent some').to.include('"msg":"webhook attempt"');
  });

  it('delivers, from a new process, what a process killed with SIGKILL was sending', async () => {
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
    await startDeliverer();
    const [, second] = await receiver.waitFor(2, 15_000);
    expect(second!.headers['webhook-id']).to.equal(first!.headers['webhook-id']);
  });
});
