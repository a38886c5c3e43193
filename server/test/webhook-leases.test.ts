// No delivery is sent twice at once (DECISIONS 247, 421): a process never claims a delivery it
// is still sending, even once that claim's lease has ended, and a send starts only while its
// lease outlasts it; a delivery handed back unsent is due again at once, its claim not counted.
// The claims and sends are made here by hand, with the queue's and the attempt's own functions.
import { eventually } from '@warehouse-kit/testing';
import { createWorld, startTestServer, type TestServer, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { type DeliverySettings, deliver, tenantsOf } from '../src/webhooks/deliver.js';
import { leaseFor } from '../src/webhooks/lease.js';
import { type ClaimedDelivery, claimDue, dispatchAll, handBack } from '../src/webhooks/queue.js';
import { webhookSettings } from '../src/webhooks/settings.js';
import { SHARES } from '../src/webhooks/worker.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { deleteEndpoints, endpointWithOneEvent, fastWebhookConfig } from './support/webhook-worker.js';

const TIMEOUT_MS = 1_000;
const LEASE_MS = leaseFor(TIMEOUT_MS);

interface Row {
  status: string;
  attempt_count: number;
  locked: boolean;
  due: boolean;
  attempts: number;
}

describe('webhook leases (extension)', () => {
  let server: TestServer;
  let world: World;
  let receiver: Receiver;
  const settings: DeliverySettings = {
    ...webhookSettings(fastWebhookConfig()),
    timeoutMs: TIMEOUT_MS,
    retryScale: 1,
    disableAfterDays: 5,
  };
  const sql = async <T>(text: string, values: unknown[] = []) =>
    (await testOrm()).em.getConnection().execute<T[]>(text, values as never[]);

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    world = await createWorld(server);
    receiver = await startReceiver();
  });
  afterEach(() => deleteEndpoints(world));
  after(async () => {
    await receiver.close();
    await server.close();
  });

  /**
   * A new endpoint's one delivery, queued (no worker runs here): its id. The event is fanned out
   * once it is settled, which another worker's open transaction can hold back (DECISIONS 174).
   */
  async function queued(): Promise<string> {
    const endpointId = await endpointWithOneEvent(world, receiver.url);
    return eventually('the delivery queued', async () => {
      await dispatchAll((await testOrm()).em.fork());
      const [row] = await sql<{ id: string }>('select id::text as id from webhook_deliveries where endpoint_id = ?', [
        endpointId,
      ]);
      return row?.id;
    });
  }

  /** Claims what is due as a process sending `sending` would; answers the claim of `id`, if it was claimed. */
  async function claim(id: string, sending: string[] = []): Promise<ClaimedDelivery | undefined> {
    const claimed = await claimDue((await testOrm()).em.fork(), 25, LEASE_MS, SHARES, [], sending);
    return claimed.find((delivery) => delivery.id === id);
  }

  const endLease = (id: string) =>
    sql(`update webhook_deliveries set locked_until = now() - interval '1 second' where id = ?`, [id]);

  async function row(id: string): Promise<Row> {
    const [found] = await sql<Row>(
      `select status, attempt_count, locked_until is not null as locked, next_attempt_at <= now() as due,
          (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
        from webhook_deliveries d where id = ?`,
      [id],
    );
    return found!;
  }

  it('never claims a delivery this process is still sending, even once its lease has ended', async () => {
    const id = await queued();
    const first = await claim(id);
    expect(first?.attempt).to.equal(1);
    expect(await claim(id), 'claimed again within its lease').to.equal(undefined);
    // As if the send had outlasted its lease: this process still sends it, so it does not claim it.
    await endLease(id);
    expect(await claim(id, [id]), 'claimed again while this process sends it').to.equal(undefined);
    // Another process (or this one once the send ended) may.
    const second = await claim(id);
    expect(second?.attempt).to.equal(2);
    // The first claim's hand-back comes too late: the lease is the second's.
    await handBack((await testOrm()).em.fork(), first!);
    expect(await row(id)).to.include({ locked: true, attempt_count: 2 });
  });

  it('hands back unsent a delivery whose lease no longer holds a whole send, due at once and not counted', async () => {
    const id = await queued();
    const claimed = await claim(id);
    const em = (await testOrm()).em.fork();
    const tenant = await tenantsOf(em)(claimed!.organizationId);
    const stopping = new AbortController().signal;
    // Preparing took half the lease and more: a send bounded by the timeout could outlast it.
    const spent = await deliver(em, claimed!, tenant, settings, {
      leaseEndsAt: performance.now() + 1.4 * TIMEOUT_MS,
      stopping,
    });
    expect(spent).to.deep.equal({ handedBack: 'lease_spent' });
    expect(receiver.received).to.have.length(0);
    expect(await row(id)).to.deep.equal({ status: 'pending', attempt_count: 0, locked: false, due: true, attempts: 0 });

    // Claimed again at once, with its lease whole, it is sent, as attempt 1.
    const again = await claim(id);
    expect(again?.attempt).to.equal(1);
    const sent = await deliver(em, again!, tenant, settings, { leaseEndsAt: performance.now() + LEASE_MS, stopping });
    expect(sent).to.include({ statusCode: 204, succeeded: true });
    expect(receiver.received).to.have.length(1);
    expect(await row(id)).to.include({ status: 'delivered', attempt_count: 1, attempts: 1 });
  });
});
