// The server behind a pooler (DECISIONS 472), Debian's PgBouncer 1.18 as it ships: two servers in
// transaction mode, sharing fewer server connections than they hold, read, write, replay keyed
// writes, serve the feed and deliver webhooks as one, with no named statement and the bounds of
// WH_DB_TIMEOUT_MS set in each transaction; in session mode the bounds are the session's. A
// server not told of a transaction pooler is not ready and answers 503, never 500. Before,
// the server could not start behind it (it sent statement_timeout as a startup parameter), and
// with that parameter ignored most statements failed (42P05, 26000) while /readyz said 200.
import { eventually } from '@warehouse-kit/testing';
import {
  ApiClient,
  createWorld,
  runLogDestination,
  send,
  startTestServer,
  type TestServer,
  testDatabaseUrl,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { connectOrm } from '../src/db/database.js';
import { type Orm, openOrm } from '../src/db/orm.js';
import { isDatabaseUnavailable } from '../src/db/unavailable.js';
import { createLogger } from '../src/logging/logger.js';
import { oneRow, rows, sql } from '../src/sql/statements.js';
import type { WebhookDelivery } from '../src/webhooks/worker.js';
import { deliverWebhooks } from '../src/webhooks/worker.js';
import { ok, readUntil } from './support/events.js';
import { type PgBouncer, type PgBouncerSettings, pgbouncerMissing, startPgBouncer } from './support/pgbouncer.js';
import { rejection } from './support/rejection.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';
import { fastWebhookConfig } from './support/webhook-worker.js';

const missing = pgbouncerMissing();
/** The servers' WH_DB_TIMEOUT_MS: short, so that a bound that holds is told from one that does not. */
const TIMEOUT_MS = 2_000;
/** Each server's pool: two of them hold more connections than PgBouncer has for them. */
const POOL_SIZE = 4;
const TRANSACTION_MODE: PgBouncerSettings = { poolMode: 'transaction', poolSize: 3 };

/** A wh-server behind the pooler: its own pool, app and webhook delivery. */
interface Instance {
  orm: Orm;
  server: TestServer;
  webhooks?: WebhookDelivery;
}

async function startInstance(
  url: string,
  pooler: 'none' | 'session' | 'transaction',
  webhooks = false,
): Promise<Instance> {
  const orm = await openOrm(url, { pooler, poolSize: POOL_SIZE, timeoutMs: TIMEOUT_MS });
  const server = await startTestServer({ orm, config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
  if (!webhooks) return { orm, server };
  const logger = await createLogger({ logLevel: 'debug', logFormat: 'json' }, runLogDestination());
  return { orm, server, webhooks: deliverWebhooks(orm, fastWebhookConfig(), logger) };
}

async function stopInstance(instance: Instance | undefined) {
  await instance?.webhooks?.stop();
  await instance?.server.close();
  await instance?.orm.close();
}

const client = (instance: Instance, world: World) =>
  new ApiClient(instance.server.port, world.host(), world.token('admin'));

(missing ? describe.skip : describe)(
  `wh-server behind PgBouncer 1.18${missing ? ` (skipped: ${missing})` : ''}`,
  function () {
    this.timeout(120_000);

    describe('two servers in transaction mode', () => {
      let bouncer: PgBouncer;
      let instances: Instance[] = [];
      let world: World;
      let receiver: Receiver;

      before(async () => {
        bouncer = await startPgBouncer(testDatabaseUrl(), TRANSACTION_MODE);
        for (let i = 0; i < 2; i++) instances.push(await startInstance(bouncer.url, 'transaction', true));
        world = await createWorld(instances[0]!.server);
        receiver = await startReceiver();
      });
      after(async () => {
        for (const instance of instances) await stopInstance(instance);
        instances = [];
        await receiver?.close();
        await bouncer?.stop();
      });

      const clients = () => instances.map((instance) => client(instance, world));

      it('reads and writes through either, many at once, with no statement failing', async () => {
        const [a, b] = clients() as [ApiClient, ApiClient];
        const created = await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            (i % 2 ? a : b).post('/purchase_orders', {
              purchase_order: {
                po_number: uniqueId('PO-'),
                location_name: 'Toronto DC',
                purchase_order_items: [{ product_name: 'Apples', quantity: i + 1 }],
              },
            }),
          ),
        );
        expect(created.map((res) => res.status)).to.deep.equal(created.map(() => 200));
        const order = created[0]!.body;
        const changed = await ok(
          b.request('PATCH', `/purchase_orders/${order.id}`, {
            body: { purchase_order: { notes: 'through the other server' } },
            headers: { 'if-match': created[0]!.headers.etag! },
          }),
        );
        expect(await ok(a.get(`/purchase_orders/${order.id}`))).to.deep.equal(changed);
        const listed = await a.get('/purchase_orders', { per_page: 100 });
        expect(listed.status).to.equal(200);
        expect(Number(listed.headers['total-count'])).to.be.at.least(40);
        for (const instance of instances)
          expect((await send(instance.server.port, world.host(), 'GET', '/readyz')).status).to.equal(200);
      });

      it('runs a keyed write sent to both at once once, and replays it on either', async () => {
        const key = uniqueId('key-');
        const sku = uniqueId('SKU-');
        const create = (api: ApiClient) =>
          api.request('POST', '/products', {
            body: { product: { name: 'Keyed kiwis', sku, location_name: 'Toronto DC' } },
            headers: { 'idempotency-key': key },
          });
        const answers = await Promise.all(clients().map(create));
        // The second a replay of the first, or refused while the first still ran.
        expect(['200,200', '200,409']).to.include(
          answers
            .map((res) => res.status)
            .sort()
            .join(),
        );
        const replays = await Promise.all(clients().map(create));
        for (const replay of replays) {
          expect(replay.status).to.equal(200);
          expect(replay.headers['idempotent-replayed']).to.equal('true');
        }
        expect(await ok(clients()[1]!.get('/products', { sku }))).to.have.length(1);
      });

      it('serves the feed and delivers every webhook once, from either server', async () => {
        const [a, b] = clients() as [ApiClient, ApiClient];
        await ok(
          a.post('/webhook_endpoints', { webhook_endpoint: { url: receiver.url, event_types: ['company.created'] } }),
        );
        const names = Array.from({ length: 12 }, () => uniqueId('Hooked '));
        for (const [i, name] of names.entries())
          await ok((i % 2 ? a : b).post('/companies', { company: { name, company_type: 'carrier' } }));
        const { events } = await readUntil(
          b,
          undefined,
          (read) => names.every((name) => read.some((event) => event.data.object.name === name)),
          { types: 'company.created' },
        );
        expect(events.filter((event) => names.includes(event.data.object.name))).to.have.length(names.length);
        const received = await receiver.waitFor(names.length, 60_000);
        const ids = received.map((request) => request.headers['webhook-id']);
        expect(new Set(ids).size, 'each event once').to.equal(ids.length);
        expect(received.map((request) => JSON.parse(request.body).data.object.name).sort()).to.deep.equal(
          [...names].sort(),
        );
      });

      it('names no statement, and bounds each transaction as WH_DB_TIMEOUT_MS says', async () => {
        const { orm } = instances[0]!;
        const bounds = await orm.em.fork().transactional((em) =>
          oneRow<{ statement: string; idle: string; prepared: string }>(
            em,
            sql`select current_setting('statement_timeout') as statement,
              current_setting('idle_in_transaction_session_timeout') as idle,
              (select count(*) from pg_prepared_statements)::text as prepared`,
          ),
        );
        expect(bounds).to.deep.equal({ statement: '2s', idle: '2s', prepared: '0' });
        // A statement past the bound is cancelled by PostgreSQL: 503, not a wait.
        const error = await rejection(orm.em.fork().transactional((em) => rows(em, sql`select pg_sleep(10)`)));
        expect((error as { code?: string }).code).to.equal('57014');
        expect(isDatabaseUnavailable(error)).to.equal(true);
      });
    });

    describe('a server not told of a transaction pooler', () => {
      let bouncer: PgBouncer;
      let instance: Instance | undefined;
      let world: World;

      before(async () => {
        // As an operator who had the startup parameters ignored, and a pooler whose next
        // transaction never finds what the last one prepared.
        bouncer = await startPgBouncer(testDatabaseUrl(), {
          ...TRANSACTION_MODE,
          ignoreStartupParameters: ['statement_timeout', 'idle_in_transaction_session_timeout'],
          discardAfterTransaction: true,
        });
        instance = await startInstance(bouncer.url, 'none');
        world = await createWorld(instance.server);
      });
      after(async () => {
        await stopInstance(instance);
        await bouncer?.stop();
      });

      it('answers 503, never 500, and is not ready while its statements fail, saying why', async () => {
        const api = client(instance!, world);
        const answers = [];
        for (let i = 0; i < 3; i++) answers.push(await api.get('/products'));
        expect(answers.map((res) => res.status)).to.include(503);
        expect(answers.map((res) => res.status)).to.not.include(500);
        const ready = await send(instance!.server.port, world.host(), 'GET', '/readyz');
        expect(ready.status).to.equal(503);
        expect(ready.body.reason).to.match(/prepared statement .*WH_DB_POOLER=transaction/);
      });
    });

    describe('changing pool_mode by RELOAD', () => {
      let bouncer: PgBouncer;
      let instances: Instance[] = [];

      before(async () => {
        bouncer = await startPgBouncer(testDatabaseUrl(), { poolMode: 'session', poolSize: 2 * POOL_SIZE });
      });
      after(async () => {
        for (const instance of instances) await stopInstance(instance);
        instances = [];
        await bouncer?.stop();
      });

      it('keeps a server in transaction mode answering both ways, while one in session mode fails until restarted', async () => {
        const session = await startInstance(bouncer.url, 'session');
        const transaction = await startInstance(bouncer.url, 'transaction');
        instances.push(session, transaction);
        const world = await createWorld(transaction.server);
        const statuses = async (instance: Instance) => {
          const api = client(instance, world);
          return Promise.all(Array.from({ length: 8 }, () => api.get('/products').then((res) => res.status)));
        };
        const allOk = Array.from({ length: 8 }, () => 200);
        expect(await statuses(session)).to.deep.equal(allOk);
        expect(await statuses(transaction)).to.deep.equal(allOk);
        // Fewer server connections than the two servers hold: in transaction pooling they share
        // them. The session-mode server's idle connections keep the server connections their
        // sessions had (up to POOL_SIZE), which PgBouncer counts against the pool and closes the
        // others' idle ones to fit; two more leave the transaction-mode server room to run.
        await bouncer.reload({ poolMode: 'transaction', poolSize: POOL_SIZE + 2 });
        expect(await statuses(transaction)).to.deep.equal(allOk);
        // Once its next transaction lands on a server connection that did not prepare its statements.
        await eventually('the server in session mode to fail', async () => {
          const [answers] = await Promise.all([statuses(session), statuses(transaction)]);
          return answers.includes(503) ? true : undefined;
        });
        // Restarted in transaction mode, it answers again; PgBouncer was only reloaded.
        await stopInstance(instances.shift());
        const restarted = await startInstance(bouncer.url, 'transaction');
        instances.push(restarted);
        expect(await statuses(restarted)).to.deep.equal(allOk);
        await bouncer.reload({ poolMode: 'session', poolSize: 2 * POOL_SIZE });
        expect(await statuses(transaction)).to.deep.equal(allOk);
        expect(await statuses(restarted)).to.deep.equal(allOk);
      });
    });

    describe('session mode', () => {
      let bouncer: PgBouncer;
      let instance: Instance | undefined;

      before(async () => {
        bouncer = await startPgBouncer(testDatabaseUrl(), { poolMode: 'session', poolSize: POOL_SIZE });
      });
      after(async () => {
        await stopInstance(instance);
        await bouncer?.stop();
      });

      it('refuses to start in the default mode, naming the setting, and bounds each session in session mode', async () => {
        const database = {
          url: bouncer.url,
          description: 'PgBouncer',
          chosenBy: 'DATABASE_URL' as const,
          close: async () => {},
        };
        const refused = await rejection(connectOrm(database, { timeoutMs: TIMEOUT_MS }));
        expect(refused.message).to.match(
          /unsupported startup parameter: statement_timeout; a pooler .* set WH_DB_POOLER to its pool mode/,
        );
        instance = await startInstance(bouncer.url, 'session');
        const world = await createWorld(instance.server);
        expect((await client(instance, world).get('/products')).status).to.equal(200);
        const bounds = await oneRow<{ statement: string; idle: string }>(
          instance.orm.em,
          sql`select current_setting('statement_timeout') as statement,
            current_setting('idle_in_transaction_session_timeout') as idle`,
        );
        expect(bounds).to.deep.equal({ statement: '2s', idle: '2s' });
        // The statement that asks is named on its session, as every statement is in session mode.
        const prepared = await oneRow<{ count: string }>(
          instance.orm.em,
          sql`select count(*) from pg_prepared_statements`,
        );
        expect(Number(prepared.count)).to.be.above(0);
      });
    });
  },
);
