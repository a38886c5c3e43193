// Stopping with webhook sends in flight (DECISIONS 422): the sends get the stop's deadline, then
// are interrupted and handed back, due at once, with no attempt recorded and nothing counted
// against the endpoint; after a restart each is sent once more. In the test's process through the
// worker's stop, and with wh-server itself on SIGTERM. The send timeout is 10 minutes, far past
// the test's own, so that only the stop can end a send to a receiver that never answers.
import { eventually } from '@warehouse-kit/testing';
import {
  type ChildServer,
  createWorld,
  startChildServer,
  startTestServer,
  stopChildServer,
  type TestServer,
  testOrm,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { WebhookDelivery } from '../src/webhooks/worker.js';
import { childEnv } from './support/child-env.js';
import { type Received, type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, endpointWithOneEvent, fastWebhooks, startWebhookWorker } from './support/webhook-worker.js';

const TEST_MS = 180_000;
/** Every wait ends before the test's own timeout, so that a failure says what it waited for (starting a wh-server can take 30 s on a loaded machine). */
const HANG_MS = 120_000;
const LONG_TIMEOUT_MS = 600_000;

interface Row {
  status: string;
  attempt_count: number;
  locked: boolean;
  due: boolean;
  attempts: (number | null)[];
  failing: boolean;
}

describe('stopping with webhook sends in flight (extension)', function () {
  this.timeout(TEST_MS);
  let server: TestServer;
  let world: World;
  let receiver: Receiver;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    world = await createWorld(server);
  });
  after(() => server.close());
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await deleteEndpoints(world);
    await receiver.close();
  });

  /** The endpoint's one delivery as the database has it. */
  async function row(endpointId: number): Promise<Row> {
    const [found] = await (await testOrm()).em.getConnection().execute<Row[]>(
      `select d.status, d.attempt_count, d.locked_until is not null as locked, d.next_attempt_at <= now() as due,
          coalesce((select json_agg(a.status_code order by a.id) from webhook_attempts a where a.delivery_id = d.id), '[]') as attempts,
          w.failing_since is not null as failing
        from webhook_deliveries d join webhook_endpoints w on w.id = d.endpoint_id where d.endpoint_id = ?`,
      [endpointId],
    );
    return found!;
  }

  const handedBack: Row = {
    status: 'pending',
    attempt_count: 0,
    locked: false,
    due: true,
    attempts: [],
    failing: false,
  };
  const webhookIds = (received: Received[]) => received.map((request) => String(request.headers['webhook-id']));

  describe('the worker', () => {
    let worker: WebhookDelivery | undefined;
    afterEach(async () => {
      await worker?.stop();
      worker = undefined;
    });

    it('lets a send under way end by itself before the deadline, and records it', async () => {
      receiver.answer(() => ({ status: 200, held: true }));
      worker = await startWebhookWorker({ webhookTimeoutMs: LONG_TIMEOUT_MS });
      const endpointId = await endpointWithOneEvent(world, receiver.url);
      await receiver.waitFor(1, HANG_MS);
      const deadline = new AbortController();
      const stopped = worker.stop(deadline.signal);
      receiver.releaseAll();
      await stopped;
      expect(await row(endpointId)).to.include({ status: 'delivered', attempt_count: 1 });
      expect(receiver.received).to.have.length(1);
    });

    it('interrupts a send still under way at the deadline, hands it back due at once, and sends it once after a restart', async () => {
      receiver.answer(() => ({ hang: true }));
      worker = await startWebhookWorker({ webhookTimeoutMs: LONG_TIMEOUT_MS });
      const endpointId = await endpointWithOneEvent(world, receiver.url);
      await receiver.waitFor(1, HANG_MS);
      await worker.stop(AbortSignal.abort());
      expect(await row(endpointId)).to.deep.equal(handedBack);

      receiver.answer(() => ({ status: 200 }));
      worker = await startWebhookWorker({ webhookTimeoutMs: LONG_TIMEOUT_MS });
      const delivered = await eventually(
        'the delivery recorded',
        async () => {
          const now = await row(endpointId);
          return now.status === 'delivered' ? now : undefined;
        },
        HANG_MS,
      );
      expect(delivered).to.include({ attempt_count: 1, failing: false });
      expect(delivered.attempts).to.deep.equal([200]);
      const ids = webhookIds(receiver.received);
      expect(ids).to.have.length(2);
      expect(ids[1]).to.equal(ids[0]);
    });
  });

  describe('wh-server', () => {
    const children: ChildServer[] = [];
    afterEach(async () => {
      for (const { child } of children.splice(0))
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const start = async (env: Record<string, string>) => {
      const child = await startChildServer(
        [],
        childEnv({ ...fastWebhooks, WH_WEBHOOK_TIMEOUT_MS: String(LONG_TIMEOUT_MS), ...env }),
      );
      children.push(child);
      return child;
    };

    it('exits within its deadline on SIGTERM while a receiver hangs, and the delivery arrives once after a restart', async () => {
      receiver.answer(() => ({ hang: true }));
      const first = await start({ WH_SHUTDOWN_TIMEOUT_MS: '1000' });
      const endpointId = await endpointWithOneEvent(world, receiver.url);
      await receiver.waitFor(1, HANG_MS);
      expect(await stopChildServer(first.child)).to.equal(0);
      expect(first.output()).to.include('"msg":"webhook sends under way get until the deadline to end"');
      expect(first.output()).to.include('"msg":"interrupting the webhook sends still under way"');
      expect(first.output()).to.match(/"msg":"webhook send interrupted by the stop/);
      expect(await row(endpointId)).to.deep.equal(handedBack);

      receiver.answer(() => ({ status: 200 }));
      const second = await start({});
      await eventually(
        'the delivery recorded after the restart',
        async () => ((await row(endpointId)).status === 'delivered' ? true : undefined),
        HANG_MS,
      );
      expect((await row(endpointId)).attempts).to.deep.equal([200]);
      const ids = webhookIds(receiver.received);
      expect(ids, 'the interrupted send, then one after the restart').to.have.length(2);
      expect(ids[1]).to.equal(ids[0]);
      expect(await stopChildServer(second.child)).to.equal(0);
    });

    it('interrupts the sends at once on a second signal, long before the deadline', async () => {
      receiver.answer(() => ({ hang: true }));
      const server = await start({ WH_SHUTDOWN_TIMEOUT_MS: String(LONG_TIMEOUT_MS) });
      const endpointId = await endpointWithOneEvent(world, receiver.url);
      await receiver.waitFor(1, HANG_MS);
      const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await eventually('the server saying it stops', async () =>
        server.output().includes('"msg":"stopping') ? true : undefined,
      );
      server.child.kill('SIGTERM');
      expect(await exited).to.equal(0);
      expect(await row(endpointId)).to.deep.equal(handedBack);
    });
  });
});
