// The sweep of old webhook deliveries (DECISIONS 249), run with the events' sweep every minute
// (serve/event-retention.ts): one statement over every organization that deletes each delivery
// created before the retention, whatever its status, with its attempts, and keeps every newer
// one. Deliveries are queued by recovery (no process sends them here), given a status and an
// attempt, and dated back in SQL.
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
import { sweepOldDeliveries } from '../src/webhooks/queue.js';
import { rowIdOf } from './support/record-rows.js';
import { deleteEndpoints } from './support/webhook-worker.js';

const RETENTION_DAYS = 30;
const STATUSES = ['delivered', 'failed', 'pending'] as const;
/** Any of the ids bound as one comma-separated string. (Ids are read as text, so lists order by the column.) */
const anyId = "any(string_to_array(?, ',')::bigint[])";

describe('webhook delivery retention (extension)', () => {
  let server: TestServer;
  let worlds: World[];
  let em: EntityManager;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    worlds = [await createWorld(server), await createWorld(server)];
    em = (await testOrm()).em.fork();
  });
  after(async () => {
    for (const world of worlds) await deleteEndpoints(world);
    await server.close();
  });

  /**
   * An endpoint of the world with six deliveries, one per status dated just before the
   * retention and one per status just inside it, each with an attempt; answers their ids.
   */
  async function sixDeliveries(world: World): Promise<{ endpoint: number; old: string[]; kept: string[] }> {
    const admin = world.as('admin');
    const since = new Date(Date.now() - 1000).toISOString();
    const endpoint = await admin.post('/webhook_endpoints', {
      webhook_endpoint: { url: 'http://127.0.0.1:9/hook', event_types: ['product.*'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);
    for (let i = 0; i < 6; i++) {
      const product = await admin.post('/products', {
        product: { name: uniqueId('Kept '), location_name: 'Toronto DC' },
      });
      expect(product.status).to.equal(200);
    }
    const recovered = await admin.post(`/webhook_endpoints/${endpoint.body.id}/recover`, { recovery: { since } });
    expect(recovered.body).to.deep.include({ deliveries: 6 });
    const rows = await em.execute<{ id: string; organization_id: number }[]>(
      'select d.id::text as id, d.organization_id from webhook_deliveries d where d.endpoint_id = ? order by d.id',
      [await rowIdOf(world, 'webhook_endpoints', endpoint.body.id)],
    );
    expect(rows).to.have.length(6);
    for (const [i, row] of rows.entries()) {
      // Half a minute either side of the cutoff: a second's clock skew between here and the sweep cannot move one across.
      const age = i < 3 ? `${RETENTION_DAYS} days 30 seconds` : `${RETENTION_DAYS} days -30 seconds`;
      const status = STATUSES[i % 3]!;
      await em.execute(
        `update webhook_deliveries set status = ?, attempt_count = 1, created_at = now() - ?::interval,
          next_attempt_at = case when ? = 'pending' then now() + interval '1 hour' end where id = ?`,
        [status, age, status, row.id],
      );
      await em.execute(
        `insert into webhook_attempts (organization_id, delivery_id, attempted_at, status_code, error, duration_ms)
          values (?, ?, now() - ?::interval, ?, null, 12)`,
        [row.organization_id, row.id, age, status === 'delivered' ? 204 : 500],
      );
    }
    const ids = rows.map((row) => row.id);
    return { endpoint: endpoint.body.id, old: ids.slice(0, 3), kept: ids.slice(3) };
  }

  const attemptsOf = async (ids: string[]) =>
    (
      await em.execute<{ delivery_id: string }[]>(
        `select a.delivery_id::text as delivery_id from webhook_attempts a where a.delivery_id = ${anyId} order by a.delivery_id`,
        [ids.join(',')],
      )
    ).map((row) => row.delivery_id);

  it("deletes every organization's deliveries older than the retention, of any status, with their attempts, and keeps newer ones", async () => {
    const [first, second] = [await sixDeliveries(worlds[0]!), await sixDeliveries(worlds[1]!)];
    const old = [...first.old, ...second.old];
    const kept = [...first.kept, ...second.kept];

    // Batches of 4: the sweep goes on until a batch comes back short.
    expect(await sweepOldDeliveries(em, RETENTION_DAYS, 4)).to.equal(6);

    const left = await em.execute<{ id: string }[]>(
      `select d.id::text as id from webhook_deliveries d where d.id = ${anyId} order by d.id`,
      [[...old, ...kept].join(',')],
    );
    expect(left.map((row) => row.id)).to.deep.equal(kept);
    expect(await attemptsOf(old)).to.deep.equal([]);
    expect(await attemptsOf(kept)).to.deep.equal(kept);
    // The API shows each endpoint the deliveries kept, a pending one still due later.
    for (const [world, { endpoint }] of [
      [worlds[0]!, first],
      [worlds[1]!, second],
    ] as const) {
      const listed = (await world.as('admin').get(`/webhook_endpoints/${endpoint}/deliveries`)).body as {
        status: string;
        attempts: unknown[];
      }[];
      expect(listed.map((delivery) => [delivery.status, delivery.attempts.length])).to.have.deep.members(
        STATUSES.map((status) => [status, 1]),
      );
    }
    // Nothing older is left, so a second sweep deletes nothing.
    expect(await sweepOldDeliveries(em, RETENTION_DAYS)).to.equal(0);
  });
});
