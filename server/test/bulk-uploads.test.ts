import {
  countQueries,
  createWorld,
  recordQueries,
  startTestServer,
  type TestServer,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { builtByTheOrm } from './support/orm-statements.js';

describe('bulk uploads', () => {
  let server: TestServer;
  let world: World;

  before(async () => {
    server = await startTestServer();
    // Toronto requires catalog products, so an upload's orders may only name products the
    // catalog has, including ones the same upload adds.
    world = await createWorld(server, (o) => ({
      ...o,
      locations: o.locations.map((l) =>
        l.name === 'Toronto DC' ? { ...l, settings: { require_catalog_products: true } } : l,
      ),
      users: [
        ...o.users!,
        {
          name: 'toronto-reader',
          token: `${o.subdomain}-reader-token`,
          roles: { 'Toronto DC': 'read_only', 'Auckland DC': 'admin' },
        },
      ],
    }));
  });
  after(() => server.close());

  const upload = (body: unknown) => world.as('admin', 'toronto').post('/bulk_uploads', { bulk_upload: body });

  const rows = {
    products: [
      { name: 'Dates', sku: 'DAT-001' },
      { name: 'Apples (Gala)', sku: 'apl-001' },
    ],
    purchase_orders: [
      {
        po_number: 'BULK-1',
        expected_starts_at: '2026-01-15T09:00:00',
        purchase_order_items: [{ product_name: 'Dates', quantity: 10 }],
      },
      {
        po_number: 'BULK-2',
        purchase_order_items: [
          { product_name: 'Bananas', quantity: 5 },
          { product_name: 'Apples (Gala)', quantity: 1 },
        ],
      },
    ],
  };

  it(
    'creates and updates products by SKU and purchase ' + 'orders by number at the location, reporting each row',
    async () => {
      const res = await upload(rows);
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Toronto DC');
      expect(res.body.products.map((r: { row: number; action: string }) => [r.row, r.action])).to.deep.equal([
        [0, 'created'],
        [1, 'updated'],
      ]);
      expect(res.body.purchase_orders.map((r: { action: string }) => r.action)).to.deep.equal(['created', 'created']);

      const apples = await world.as('admin').get(`/products/${res.body.products[1].id}`);
      // The row matched APL-001 case-insensitively and updated it, spelling included.
      expect(apples.body).to.include({ name: 'Apples (Gala)', sku: 'apl-001', location_name: 'Toronto DC' });
      const order = await world.as('admin').get(`/purchase_orders/${res.body.purchase_orders[0].id}`);
      expect(order.body).to.include({
        po_number: 'BULK-1',
        location_name: 'Toronto DC',
        expected_starts_at: '2026-01-15T09:00:00-05:00',
      });
    },
  );

  it('changes nothing new when the same upload is sent again', async () => {
    const before = (await world.as('admin').get('/purchase_orders', { po_number: 'BULK-2' })).body[0];
    const res = await upload(rows);
    expect(res.status).to.equal(200);
    expect(
      [...res.body.products, ...res.body.purchase_orders].every((r: { action: string }) => r.action === 'updated'),
    ).to.equal(true);
    const after = (await world.as('admin').get('/purchase_orders', { po_number: 'BULK-2' })).body[0];
    expect(after.purchase_order_items.map((i: { product_name: string }) => i.product_name)).to.deep.equal([
      'Bananas',
      'Apples (Gala)',
    ]);
    expect(after.id).to.equal(before.id);
    const ids = (order: { purchase_order_items: { id: number }[] }) => order.purchase_order_items.map((i) => i.id);
    expect(ids(after), 'the items it repeats keep their ids').to.deep.equal(ids(before));
    expect((await world.as('admin').get('/products', { sku: 'DAT-001' })).body).to.have.length(1);
  });

  // DECISIONS 416: a row whose plan holds what is stored is not written, as an empty change set was not.
  it('leaves the orders and products it repeats unwritten: their updated_at stays', async () => {
    const admin = world.as('admin');
    const stamps = async () => [
      (await admin.get('/purchase_orders', { po_number: 'BULK-1' })).body[0].updated_at,
      (await admin.get('/purchase_orders', { po_number: 'BULK-2' })).body[0].updated_at,
      ...(await admin.get('/products', { sku: 'DAT-001' })).body.map((product: any) => product.updated_at),
    ];
    const before = await stamps();
    expect(before).to.have.length(3);
    expect((await upload(rows)).status).to.equal(200);
    expect(await stamps()).to.deep.equal(before);
  });

  it("replaces only the items that differ, keeping the others' ids", async () => {
    const find = async () => (await world.as('admin').get('/purchase_orders', { po_number: 'BULK-2' })).body[0];
    const before = await find();
    const [bananas, apples] = before.purchase_order_items;
    const res = await upload({
      purchase_orders: [
        {
          po_number: 'BULK-2',
          purchase_order_items: [
            { product_name: 'Apples (Gala)', quantity: 1 },
            { product_name: 'Bananas', quantity: 6 },
          ],
        },
      ],
    });
    expect(res.status).to.equal(200);
    const items = (await find()).purchase_order_items;
    expect(
      items.map((i: { product_name: string; quantity: number }) => [i.product_name, i.quantity]),
    ).to.have.deep.members([
      ['Apples (Gala)', 1],
      ['Bananas', 6],
    ]);
    expect(items.find((i: { product_name: string }) => i.product_name === 'Apples (Gala)').id).to.equal(apples.id);
    expect(items.find((i: { product_name: string }) => i.product_name === 'Bananas').id).to.not.equal(bananas.id);
  });

  it("refuses an item id or removal in a row, whose items replace the order's, as the row's schema says", async () => {
    const [item] = (await world.as('admin').get('/purchase_orders', { po_number: 'BULK-2' })).body[0]
      .purchase_order_items;
    const res = await upload({
      purchase_orders: [
        {
          po_number: 'BULK-2',
          purchase_order_items: [
            { id: item.id, product_name: item.product_name, quantity: item.quantity },
            { _destroy: true, product_name: 'Bananas', quantity: 1 },
            { quantity: 1 },
          ],
        },
      ],
    });
    expect(res.status).to.equal(422);
    // DECISIONS 446: the schema's own words, where the server's were about replacing.
    expect(res.body.errors).to.deep.equal({
      'purchase_orders[0].purchase_order_items[0].id': ['is not allowed here'],
      'purchase_orders[0].purchase_order_items[1]._destroy': ['is not allowed here'],
      'purchase_orders[0].purchase_order_items[2].product_name': ['is required'],
    });
  });

  it('writes nothing when any row fails, and names every failing row and field, dates included', async () => {
    const res = await upload({
      products: [
        { name: 'Elderberries', sku: 'ELD-001' },
        { name: '  ', sku: 'FIG-001' },
      ],
      purchase_orders: [
        { po_number: 'BULK-3', purchase_order_items: [{ product_name: 'Durian', quantity: 1 }] },
        { po_number: 'BULK-4', expected_starts_at: '2026-02-30T09:00:00' },
        { po_number: 'BULK-5' },
      ],
    });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.have.keys(
      'products[1].name',
      'purchase_orders[0].purchase_order_items[0].product_name',
      'purchase_orders[1].expected_starts_at',
    );
    expect(res.body.errors['purchase_orders[1].expected_starts_at']).to.deep.equal([
      'must be a date and time that exist, written like 2025-03-09T09:00:00-05:00',
    ]);
    expect((await world.as('admin').get('/products', { sku: 'ELD-001' })).body).to.deep.equal([]);
    expect((await world.as('admin').get('/purchase_orders', { po_number: 'BULK-5' })).body).to.deep.equal([]);
  });

  it('refuses a SKU or an order number that appears twice in one upload', async () => {
    const res = await upload({
      products: [
        { name: 'One', sku: 'TWICE-1' },
        { name: 'Two', sku: 'twice-1' },
      ],
      purchase_orders: [{ po_number: 'BULK-6' }, { po_number: ' BULK-6 ' }],
    });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal({
      'products[1].sku': ['repeats row 0 of this upload'],
      'purchase_orders[1].po_number': ['repeats row 0 of this upload'],
    });
  });

  it('refuses an order that is assigned to another location', async () => {
    const elsewhere = await world
      .as('admin')
      .post('/purchase_orders', { purchase_order: { po_number: 'BULK-AKL', location_name: 'Auckland DC' } });
    expect(elsewhere.status).to.equal(200);
    const res = await upload({ purchase_orders: [{ po_number: 'BULK-AKL' }] });
    expect(res.status).to.equal(422);
    expect(res.body.errors['purchase_orders[0].po_number'][0]).to.include('another location');
  });

  it(
    'answers 422 for an empty upload, a location_name in a row, too many rows and a wrong type, ' +
      'and 400 for a body without its wrapper',
    async () => {
      expect((await upload({})).status).to.equal(422);
      const located = await upload({ purchase_orders: [{ po_number: 'BULK-7', location_name: 'Auckland DC' }] });
      expect(located.status).to.equal(422);
      expect(located.body.errors).to.have.keys('purchase_orders[0].location_name');
      const tooMany = await upload({
        products: Array.from({ length: 1001 }, (_, i) => ({ name: `P${i}`, sku: `MANY-${i}` })),
      });
      expect(tooMany.status).to.equal(422);
      expect(tooMany.body.errors.products[0]).to.include('at most 1000');
      const wrongType = await upload({ products: [{ name: 'X', sku: 7 }] });
      expect(wrongType.status).to.equal(422);
      expect(wrongType.body.errors).to.deep.equal({ 'products[0].sku': ['must be a string'] });
      const unwrapped = await world.as('admin', 'toronto').post('/bulk_uploads', { products: [] });
      expect(unwrapped.status).to.equal(400);
    },
  );

  it('needs write access at the location', async () => {
    const res = await world
      .as({ token: `${world.id}-reader-token` }, 'toronto')
      .post('/bulk_uploads', { bulk_upload: { products: [{ name: 'X', sku: 'RO-1' }] } });
    expect(res.status).to.equal(403);
  });

  it('sends as many statements for 40 rows of each kind as for 2, creating and then updating them', async () => {
    // Toronto requires catalog products: each order names products of its own upload.
    const rowsOf = (tag: string, count: number, quantity: number) => {
      const numbers = Array.from({ length: count }, (_, i) => i);
      return {
        products: numbers.map((i) => ({ name: `${tag} product ${i}`, sku: `${tag}-${i}` })),
        purchase_orders: numbers.map((i) => ({
          po_number: `${tag}-${i}`,
          purchase_order_items: [
            { product_name: `${tag} product ${i}`, quantity, customer_name: `${tag} customer ${i}` },
            { product_name: `${tag} product ${(i + 1) % count}`, quantity },
          ],
        })),
      };
    };
    const statements = async (body: unknown) => {
      let status = 0;
      const count = await countQueries(async () => {
        status = (await upload(body)).status;
      });
      expect(status).to.equal(200);
      return count;
    };
    const created = [await statements(rowsOf('SET-A', 2, 1)), await statements(rowsOf('SET-B', 40, 1))];
    const updated = [await statements(rowsOf('SET-A', 2, 2)), await statements(rowsOf('SET-B', 40, 2))];
    expect(created[1]).to.equal(created[0]);
    expect(updated[1]).to.equal(updated[0]);
    const order = (await world.as('admin').get('/purchase_orders', { po_number: 'SET-B-39' })).body[0];
    expect(order.purchase_order_items.map((item: { quantity: number }) => item.quantity)).to.deep.equal([2, 2]);
  });

  // DECISIONS 416: the rows are read as rows and written by statements of the server's own.
  it('writes products, customers and orders, new and changed, without a statement of the ORM', async () => {
    const body = (quantity: number) => ({
      products: [{ name: 'Quiet product', sku: 'QUIET-1' }],
      purchase_orders: [
        {
          po_number: 'QUIET-1',
          purchase_order_items: [
            { product_name: 'Quiet product', quantity, customer_name: `Quiet customer ${quantity}` },
          ],
        },
      ],
    });
    for (const quantity of [1, 2]) {
      let res: any;
      const sent = await recordQueries(async () => {
        res = await upload(body(quantity));
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.purchase_orders[0].action).to.equal(quantity === 1 ? 'created' : 'updated');
      expect(builtByTheOrm(sent)).to.deep.equal([]);
    }
    const [order] = (await world.as('admin').get('/purchase_orders', { po_number: 'QUIET-1' })).body;
    expect(order.purchase_order_items.map((item: any) => [item.quantity, item.customer_name])).to.deep.equal([
      [2, 'Quiet customer 2'],
    ]);
  });
});
