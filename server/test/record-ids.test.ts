// Ids that count nothing but the organization's own records (issue 44, DECISIONS 440): each
// organization's records of a table take their ids from a sequence of its own, so the gap
// between two of its ids is what it wrote itself, whatever other organizations wrote in between. Every kind
// of record the API shows by id is checked, nested items, packing lists and deliveries included.

import {
  createWorld,
  startTestServer,
  type TestServer,
  testOrm,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { provision } from '../src/provision/provision.js';
import { deleteEndpoints } from './support/webhook-worker.js';

/** A kind of record, and one write of it: the ids it shows, table by table, in the order it wrote them. */
interface Kind {
  name: string;
  write(world: World, n: number): Promise<number[][]>;
}

function expectOk(res: { status: number; body: unknown }): void {
  expect(res.status, JSON.stringify(res.body)).to.equal(200);
}

/** Adds a product limit to the world's Toronto DC, by provisioning as operators do; the API has no writes of limits. */
async function addProductLimit(world: World, n: number): Promise<number> {
  const startTime = `${String(n).padStart(2, '0')}:00`;
  const toronto = world.organization.locations[0]!;
  toronto.product_limits = [
    ...(toronto.product_limits ?? []),
    { product: 'APL-001', quantity: 10, start_time: startTime, end_time: '23:30', start_date: '2030-01-01' },
  ];
  await provision((await testOrm()).em.fork(), { organizations: [world.organization] });
  const listed = await world.as('admin').get('/product_limits', { start_date: '2030-01-01', per_page: 100 });
  expectOk(listed);
  return listed.body.product_limits.find((limit: { start_time: string }) => limit.start_time === startTime).id;
}

/** The endpoint each world's deliveries go to, and a delivery of it to send again. */
const deliveries = new Map<World, { endpoint: number; delivery: number }>();

/** An endpoint with a delivery: a product created, and recovered into a delivery (no worker runs here). */
async function endpointWithDelivery(world: World): Promise<void> {
  const admin = world.as('admin');
  const since = new Date(Date.now() - 60_000).toISOString();
  const endpoint = await admin.post('/webhook_endpoints', {
    webhook_endpoint: { url: 'http://127.0.0.1:9/hook', event_types: ['product.created'] },
  });
  expectOk(endpoint);
  expectOk(await admin.post('/products', { product: { name: 'Hooked', location_name: 'Toronto DC' } }));
  const recovered = await admin.post(`/webhook_endpoints/${endpoint.body.id}/recover`, { recovery: { since } });
  expectOk(recovered);
  const listed = await admin.get(`/webhook_endpoints/${endpoint.body.id}/deliveries`);
  deliveries.set(world, { endpoint: endpoint.body.id, delivery: listed.body[0].id });
}

const kinds: Kind[] = [
  {
    name: 'products',
    async write(world, n) {
      const res = await world
        .as('admin')
        .post('/products', { product: { name: `P${n}`, location_name: 'Toronto DC' } });
      expectOk(res);
      return [[res.body.id]];
    },
  },
  {
    name: 'companies',
    async write(world) {
      const res = await world
        .as('admin')
        .post('/companies', { company: { name: uniqueId('C'), company_type: 'carrier' } });
      expectOk(res);
      return [[res.body.id]];
    },
  },
  {
    name: 'purchase orders and their items',
    async write(world) {
      const items = [
        { product_name: 'Apples', quantity: 1 },
        { product_name: 'Bananas', quantity: 2 },
      ];
      const res = await world.as('admin').post('/purchase_orders', {
        purchase_order: { po_number: uniqueId('PO-'), location_name: 'Toronto DC', purchase_order_items: items },
      });
      expectOk(res);
      return [[res.body.id], res.body.purchase_order_items.map((item: { id: number }) => item.id)];
    },
  },
  {
    name: 'appointments and their packing lists',
    async write(world) {
      const res = await world.as('admin').post('/appointments', {
        appointment: { location_name: 'Toronto DC', packing_lists: [{ product_name: 'Apples', quantity: 3 }] },
      });
      expectOk(res);
      return [[res.body.id], [res.body.packing_lists[0].id]];
    },
  },
  { name: 'product limits', write: async (world, n) => [[await addProductLimit(world, n)]] },
  {
    name: 'webhook endpoints',
    async write(world) {
      const res = await world.as('admin').post('/webhook_endpoints', {
        webhook_endpoint: { url: 'http://127.0.0.1:9/hook', event_types: ['company.deleted'] },
      });
      expectOk(res);
      return [[res.body.id]];
    },
  },
  {
    name: 'webhook deliveries',
    async write(world) {
      const { endpoint, delivery } = deliveries.get(world)!;
      const res = await world
        .as('admin')
        .post(`/webhook_endpoints/${endpoint}/deliveries/${delivery}/redeliver`, undefined);
      expectOk(res);
      return [[res.body.id]];
    },
  },
];

describe('record ids per organization', () => {
  let server: TestServer;
  let a: World;
  let b: World;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true } });
    a = await createWorld(server);
    b = await createWorld(server);
    await endpointWithDelivery(a);
    await endpointWithDelivery(b);
  });
  after(async () => {
    await deleteEndpoints(a);
    await deleteEndpoints(b);
    await server.close();
  });

  for (const kind of kinds) {
    it(`gives ${kind.name} ids that count only the organization's own records`, async () => {
      const first = await kind.write(a, 1);
      for (let n = 2; n <= 6; n++) await kind.write(b, n);
      const second = await kind.write(a, 7);
      // Each table counts on its own: a write's records of one table take consecutive ids, and
      // A's next write follows A's last.
      first.forEach((ids, table) => {
        expect(ids, `the first write, table ${table}`).to.deep.equal(ids.map((_, i) => ids[0]! + i));
        expect(second[table]![0]! - ids[0]!, `${kind.name}, table ${table}: the gap between A's writes`).to.equal(
          ids.length,
        );
      });
    });
  }

  it('lets two organizations each have a record of the same id, each seeing only its own', async () => {
    const create = async (world: World, name: string) =>
      (await world.as('admin').post('/products', { product: { name, location_name: 'Toronto DC' } })).body;
    let ofA = await create(a, 'Only in A');
    let ofB = await create(b, 'Only in B');
    // Each product takes its organization's next id: the one behind writes until they meet.
    for (let writes = 0; ofA.id !== ofB.id; writes++) {
      expect(writes, `writes for ${ofA.id} and ${ofB.id} to meet`).to.be.below(100);
      if (ofA.id < ofB.id) ofA = await create(a, 'Only in A');
      else ofB = await create(b, 'Only in B');
    }
    expect((await a.as('admin').get(`/products/${ofA.id}`)).body).to.deep.equal(ofA);
    expect((await b.as('admin').get(`/products/${ofB.id}`)).body).to.deep.equal(ofB);
  });
});
