// What one attempt makes of a receiver's answer (DECISIONS 242, 248), through the delivery loop
// and the deliveries list: a redirect is a failure whose Location gets nothing, an endless body
// is cut off after 64 KiB with the status kept, and silence is an error naming the timeout.
// The worker's timeout is 500 ms and its schedule 5,000 times shorter, so each runs in a second.
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { eventually } from '@warehouse-kit/testing';
import { createWorld, startTestServer, type TestServer, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { WebhookDelivery } from '../src/webhooks/worker.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, startWebhookWorker } from './support/webhook-worker.js';

const TIMEOUT_MS = 500;
const RETRY_SCALE = 0.0002;
/** Where a receiver writing forever stops if nothing cuts it off. */
const ENDLESS_CAP = 64 * 1024 * 1024;

interface Attempt {
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}
interface Delivery {
  status: string;
  next_attempt_at: string | null;
  attempts: Attempt[];
}

describe('webhook answers (extension)', () => {
  let server: TestServer;
  let worker: WebhookDelivery;
  let world: World;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    worker = await startWebhookWorker({ webhookTimeoutMs: TIMEOUT_MS, webhookRetryScale: RETRY_SCALE });
    world = await createWorld(server);
  });
  after(async () => {
    await worker.stop();
    await server.close();
  });
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await deleteEndpoints(world);
    await receiver.close();
  });

  /** An endpoint for products at `url`, and a product created for it: one delivery. */
  async function deliverOneTo(url: string): Promise<number> {
    const admin = world.as('admin');
    const endpoint = await admin.post('/webhook_endpoints', { webhook_endpoint: { url, event_types: ['product.*'] } });
    expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);
    const product = await admin.post('/products', {
      product: { name: uniqueId('Answered '), location_name: 'Toronto DC' },
    });
    expect(product.status).to.equal(200);
    return endpoint.body.id;
  }

  /** The endpoint's one delivery once it has `attempts` attempts recorded. */
  function deliveryWith(id: number, attempts: number): Promise<Delivery> {
    return eventually(`a delivery of endpoint ${id} with ${attempts} attempts`, async () => {
      const [delivery] = (await world.as('admin').get(`/webhook_endpoints/${id}/deliveries`)).body as Delivery[];
      return delivery && delivery.attempts.length >= attempts ? delivery : undefined;
    });
  }

  it('follows no redirect: 301, 302 and 307 are failures retried on the schedule, and the Location gets nothing', async () => {
    const elsewhere = await startReceiver();
    try {
      const redirects = [301, 302, 307];
      receiver.answer((_, index) => {
        const status = redirects[index];
        return status ? { status, headers: { Location: elsewhere.url } } : { status: 204 };
      });
      const id = await deliverOneTo(receiver.url);
      const arrivals = await receiver.waitFor(4);
      const delivery = await deliveryWith(id, 4);
      expect(delivery.status).to.equal('delivered');
      expect(delivery.attempts.map((attempt) => [attempt.status_code, attempt.error])).to.deep.equal([
        [301, null],
        [302, null],
        [307, null],
        [204, null],
      ]);
      // The schedule's second and third waits (5 min and 30 min, scaled, at least -20 %) came between.
      expect(arrivals[2]!.at - arrivals[1]!.at).to.be.at.least(300_000 * RETRY_SCALE * 0.8);
      expect(arrivals[3]!.at - arrivals[2]!.at).to.be.at.least(1_800_000 * RETRY_SCALE * 0.8);
      expect(elsewhere.received).to.deep.equal([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('reads an endless answer body only to 64 KiB, then hangs up and records its status', async () => {
    const endless = await startEndlessReceiver();
    try {
      const id = await deliverOneTo(endless.url);
      const delivery = await deliveryWith(id, 1);
      expect(delivery.status).to.equal('delivered');
      expect(delivery.attempts[0]).to.include({ status_code: 200, error: null });
      expect(delivery.attempts[0]!.duration_ms).to.be.below(TIMEOUT_MS);
      const { written, hungUp } = await endless.finished;
      expect(hungUp, 'the delivery closed the connection').to.equal(true);
      expect(written)
        .to.be.above(64 * 1024)
        .and.below(ENDLESS_CAP);
    } finally {
      await endless.close();
    }
  });

  it('records a receiver that never answers as a timeout, and tries again', async () => {
    receiver.answer(() => ({ hang: true }));
    const id = await deliverOneTo(receiver.url);
    const delivery = await deliveryWith(id, 1);
    expect(delivery.attempts[0]).to.include({ status_code: null, error: 'timeout' });
    expect(delivery.attempts[0]!.duration_ms).to.be.at.least(TIMEOUT_MS - 5);
    await receiver.waitFor(2);
  });

  it("records a category for each failure without an answer, never the socket's own text", async () => {
    // Nothing listens on a port just closed; a receiver that hangs up; TLS spoken to a server that
    // answers plain text as soon as it connects. (A plain HTTP receiver answers only once it has
    // read the greeting, which on a loaded machine can take longer than the 500 ms timeout.)
    const closed = await startReceiver();
    await closed.close();
    const hangingUp = createServer((request) => request.on('end', () => request.socket.destroy()).resume());
    await new Promise<void>((resolve) => hangingUp.listen(0, '127.0.0.1', resolve));
    const notTls = createNetServer((socket) =>
      socket.write('HTTP/1.1 400 Bad Request\r\n\r\n', () => socket.destroy()),
    );
    await new Promise<void>((resolve) => notTls.listen(0, '127.0.0.1', resolve));
    try {
      const cases = [
        [closed.url, 'connection_refused'],
        [`http://127.0.0.1:${(hangingUp.address() as { port: number }).port}/hook`, 'connection_failed'],
        [`https://127.0.0.1:${(notTls.address() as { port: number }).port}/hook`, 'tls'],
      ] as const;
      for (const [url, category] of cases) {
        const delivery = await deliveryWith(await deliverOneTo(url), 1);
        expect(delivery.attempts[0], url).to.include({ status_code: null, error: category });
        await deleteEndpoints(world);
      }
    } finally {
      await new Promise((resolve) => hangingUp.close(resolve));
      await new Promise((resolve) => notTls.close(resolve));
    }
  });
});

interface EndlessReceiver {
  url: string;
  /** Once the answer stops: the bytes written, and whether the delivery hung up before the cap. */
  finished: Promise<{ written: number; hungUp: boolean }>;
  close(): Promise<void>;
}

/** A receiver answering 200 with a body it writes as fast as it is read, until the cap or a hang-up. */
async function startEndlessReceiver(): Promise<EndlessReceiver> {
  const chunk = Buffer.alloc(16 * 1024, 'x');
  let settle: (outcome: { written: number; hungUp: boolean }) => void = () => {};
  const finished = new Promise<{ written: number; hungUp: boolean }>((resolve) => {
    settle = resolve;
  });
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      let written = 0;
      response.on('close', () => settle({ written, hungUp: written < ENDLESS_CAP }));
      const write = () => {
        while (written < ENDLESS_CAP && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        if (!response.destroyed) response.end();
      };
      write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    finished,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
