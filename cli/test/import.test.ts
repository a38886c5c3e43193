import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { type Stub, type StubAnswer, type StubHandler, type StubRequest, startStub, stubEnv } from './support/stub.js';
import { json, type Run, whctl } from './support/whctl.js';

interface Order {
  id: number;
  po_number: string;
  location_name: string | null;
  purchase_order_items: { id: number; product_name: string; quantity: number }[];
  [field: string]: unknown;
}

/**
 * Just enough of /purchase_orders for an import: lookup by po_number, create, update with nested
 * items, and updated_at moving only when a write changes the order, as the API's does.
 */
function orderStore(rules: { refuse?: (order: Record<string, any>) => StubAnswer | undefined; delay?: number } = {}) {
  const orders: Order[] = [];
  let nextId = 100;
  let writes = 0;
  const stamp = () => new Date(Date.UTC(2026, 0, 5, 14) + ++writes * 1_000).toISOString();
  const handler = async (request: StubRequest): Promise<StubAnswer> => {
    // The organization interface: bulk uploads exist only on location interfaces.
    if (request.path === '/bulk_uploads') return { status: 404, body: { error: 'only on location interfaces' } };
    if (rules.delay) await new Promise((resolve) => setTimeout(resolve, rules.delay));
    const input = request.body?.purchase_order;
    const refused = input && rules.refuse?.(input);
    if (refused) return refused;
    if (request.method === 'GET' && request.path === '/purchase_orders') {
      return { status: 200, body: orders.filter((order) => order.po_number === request.query.get('po_number')) };
    }
    if (request.method === 'POST') {
      const { purchase_order_items: items = [], ...fields } = input;
      const order: Order = {
        id: nextId++,
        location_name: null,
        ...fields,
        purchase_order_items: items.map((item: object) => ({ id: nextId++, ...item })),
        updated_at: stamp(),
      };
      orders.push(order);
      return { status: 200, body: order };
    }
    const order = orders.find((candidate) => `/purchase_orders/${candidate.id}` === request.path)!;
    const before = JSON.stringify(order);
    const { purchase_order_items: items, ...fields } = input;
    Object.assign(order, fields);
    for (const item of items ?? []) {
      if (item._destroy)
        order.purchase_order_items = order.purchase_order_items.filter((existing) => existing.id !== item.id);
      else if (item.id) Object.assign(order.purchase_order_items.find((existing) => existing.id === item.id)!, item);
      else order.purchase_order_items.push({ id: nextId++, ...item });
    }
    if (JSON.stringify(order) !== before) order.updated_at = stamp();
    return { status: 200, body: order };
  };
  return { orders, handler };
}

/** The action of each order in an import's JSON report. */
const actionsOf = (run: Run): string[] => json(run).map((result: { action: string }) => result.action);

function file(name: string, content: string): string {
  const path = join(tempDir('whctl-import-'), name);
  writeFileSync(path, content);
  return path;
}

const CSV = `po_number,location_name,expected_starts_at,product_name,quantity,customer_name
PO-1,Toronto DC,2026-12-01T08:00:00,Apples,10,Fresh Market
PO-1,,,Bananas,5,
PO-2,,,Apples,3,
`;

describe('whctl purchase-orders import', () => {
  let stub: Stub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  async function importFile(store: ReturnType<typeof orderStore>, args: string[]) {
    stub = await startStub(store.handler);
    return whctl(['purchase-orders', 'import', ...args], { env: stubEnv(stub) });
  }

  it(
    'creates one order per po_number from CSV rows, with ' + 'each row a line item and order columns filled once',
    async () => {
      const store = orderStore();
      const run = await importFile(store, [file('orders.csv', CSV)]);
      expect(run.code, run.stderr).to.equal(0);
      const id = (poNumber: string) => store.orders.find((order) => order.po_number === poNumber)?.id;
      expect(json(run)).to.deep.equal([
        { line: 2, po_number: 'PO-1', action: 'created', id: id('PO-1'), error: null },
        { line: 4, po_number: 'PO-2', action: 'created', id: id('PO-2'), error: null },
      ]);
      const creates = stub!.requests.filter(
        (request) => request.method === 'POST' && request.path === '/purchase_orders',
      );
      // Each create carries a key derived from the file and its line, so a re-run never creates twice.
      const keys = creates.map((request) => request.headers['idempotency-key']);
      expect(new Set(keys).size).to.equal(2);
      for (const key of keys) expect(key).to.match(/^whctl-import-[0-9a-f]{32}-[0-9a-f]{16}$/);
      const posts = creates.map((request) => request.body);
      expect(posts.sort((a, b) => a.purchase_order.po_number.localeCompare(b.purchase_order.po_number))).to.deep.equal([
        {
          purchase_order: {
            po_number: 'PO-1',
            location_name: 'Toronto DC',
            expected_starts_at: '2026-12-01T08:00:00',
            purchase_order_items: [
              { product_name: 'Apples', quantity: 10, customer_name: 'Fresh Market' },
              { product_name: 'Bananas', quantity: 5 },
            ],
          },
        },
        {
          purchase_order: {
            po_number: 'PO-2',
            location_name: null,
            expected_starts_at: null,
            purchase_order_items: [{ product_name: 'Apples', quantity: 3 }],
          },
        },
      ]);
      expect(run.stderr).to.equal('2 created, 0 updated, 0 unchanged, 0 failed of 2 orders\n');
    },
  );

  it('sends orders to a location interface through its bulk upload, 200 a request, and reports refused rows', async () => {
    const uploads: { key: unknown; rows: { po_number: string; purchase_order_items?: { quantity: number }[] }[] }[] =
      [];
    let nextId = 1;
    stub = await startStub((request) => {
      if (request.path !== '/bulk_uploads') return { status: 500, body: { error: 'unexpected' } };
      const rows = request.body.bulk_upload.purchase_orders as (typeof uploads)[number]['rows'];
      if (rows.length) uploads.push({ key: request.headers['idempotency-key'], rows });
      const refused = rows.findIndex((row) => row.purchase_order_items?.[0]?.quantity === 0);
      if (refused >= 0)
        return {
          status: 422,
          body: {
            errors: { [`purchase_orders[${refused}].purchase_order_items[0].quantity`]: ['must be greater than 0'] },
          },
        };
      const results = rows.map((_, row) => ({ row, id: nextId++, action: 'created' }));
      return { status: 200, body: { location_name: 'Toronto DC', products: [], purchase_orders: results } };
    });
    const lines = Array.from({ length: 450 }, (_, i) => `PO-${i},Toronto DC,Apples,${i === 250 ? 0 : 1}`);
    const path = file('orders.csv', `po_number,location_name,product_name,quantity\n${lines.join('\n')}\n`);
    const run = await whctl(['purchase-orders', 'import', path], { env: stubEnv(stub) });
    expect(run.code, run.stderr).to.equal(9);
    // 450 orders: three chunks of at most 200, and the chunk with the refused row once more without it.
    expect(uploads.map((upload) => upload.rows.length)).to.deep.equal([200, 200, 199, 50]);
    expect(uploads[1]!.key).to.not.equal(uploads[2]!.key);
    expect(uploads.every((upload) => !('location_name' in upload.rows[0]!))).to.equal(true);
    const report = json(run) as { po_number: string; action: string; error: string | null }[];
    expect(report).to.have.length(450);
    expect(report.filter((row) => row.action === 'failed')).to.deep.equal([
      {
        line: 252,
        po_number: 'PO-250',
        action: 'failed',
        id: null,
        error: 'purchase_order_items[0].quantity must be greater than 0',
      },
    ]);
    expect(run.stderr).to.include('449 created, 0 updated, 0 unchanged, 1 failed of 450 orders');
  });

  it('sends the same keys when the same file is imported again, and reports a replayed upload unchanged', async () => {
    const keys: unknown[] = [];
    stub = await startStub((request) => {
      const rows = request.body.bulk_upload.purchase_orders as unknown[];
      if (rows.length) keys.push(request.headers['idempotency-key']);
      const results = rows.map((_, row) => ({ row, id: row + 1, action: 'created' }));
      // The first answer to a key is stored; the same request again is answered from the store.
      const replayed = rows.length && keys.indexOf(keys.at(-1)) < keys.length - 1;
      return {
        status: 200,
        body: { location_name: 'Toronto DC', products: [], purchase_orders: results },
        ...(replayed ? { headers: { 'Idempotent-Replayed': 'true' } } : {}),
      };
    });
    const csv = file('again.csv', 'po_number,product_name,quantity\nPO-1,Apples,1\nPO-2,Pears,2\n');
    const runs = [];
    for (let run = 0; run < 2; run++)
      runs.push(await whctl(['purchase-orders', 'import', csv], { env: stubEnv(stub) }));
    expect(keys).to.have.length(2);
    expect(keys[0]).to.equal(keys[1]);
    expect(runs.map(actionsOf)).to.deep.equal([
      ['created', 'created'],
      ['unchanged', 'unchanged'],
    ]);
    expect(runs[1]!.stderr).to.equal('0 created, 0 updated, 2 unchanged, 0 failed of 2 orders\n');
    expect(stub.requests.filter((request) => request.method === 'GET')).to.deep.equal([]);
  });

  it('sends other keys when the same file goes to another location interface, where a key would not replay', async () => {
    const keys: unknown[] = [];
    let location = 'Toronto DC';
    stub = await startStub((request) => {
      const rows = request.body.bulk_upload.purchase_orders as unknown[];
      if (rows.length) keys.push(request.headers['idempotency-key']);
      const results = rows.map((_, row) => ({ row, id: row + 1, action: 'created' }));
      return { status: 200, body: { location_name: location, products: [], purchase_orders: results } };
    });
    const csv = file('both.csv', 'po_number,product_name,quantity\nPO-1,Apples,1\n');
    expect((await whctl(['purchase-orders', 'import', csv], { env: stubEnv(stub) })).code).to.equal(0);
    location = 'Vancouver DC';
    expect((await whctl(['purchase-orders', 'import', csv], { env: stubEnv(stub) })).code).to.equal(0);
    expect(keys).to.have.length(2);
    expect(keys[0]).to.not.equal(keys[1]);
  });

  it("tells an upload's updated rows that changed nothing by the orders written since it was sent", async () => {
    const date = 'Tue, 05 Jan 2027 14:00:30 GMT';
    let listing: StubAnswer = { status: 200, body: [{ id: 2 }, { id: 9 }] };
    const upload: StubHandler = (request) => {
      if (request.method === 'GET') return listing;
      const rows = request.body.bulk_upload.purchase_orders as unknown[];
      const results = rows.map((_, row) => ({ row, id: row + 1, action: row === 0 ? 'created' : 'updated' }));
      return {
        status: 200,
        body: { location_name: 'Toronto DC', products: [], purchase_orders: results },
        headers: { Date: date },
      };
    };
    stub = await startStub(upload);
    const csv = file('mixed.csv', 'po_number,product_name,quantity\nPO-1,Apples,1\nPO-2,Pears,2\nPO-3,Plums,3\n');
    const run = await whctl(['purchase-orders', 'import', csv], { env: stubEnv(stub) });
    expect(run.code, run.stderr).to.equal(0);
    expect(actionsOf(run)).to.deep.equal(['created', 'updated', 'unchanged']);
    const [list] = stub.requests.filter((request) => request.method === 'GET');
    expect(list!.path).to.equal('/purchase_orders');
    // Read off the server's clock: its Date, less the time the upload took and a second.
    const since = Date.parse(list!.query.get('updated_since')!);
    expect(since)
      .to.be.at.most(Date.parse(date) - 1_000)
      .and.above(Date.parse(date) - 60_000);

    // A list that cannot be read leaves the server's word.
    await stub.close();
    stub = await startStub(upload);
    listing = { status: 500, body: { error: 'down' } };
    const unsure = await whctl(['purchase-orders', 'import', csv], { env: stubEnv(stub) });
    expect(unsure.code, unsure.stderr).to.equal(0);
    expect(actionsOf(unsure)).to.deep.equal(['created', 'updated', 'updated']);
  });

  it('reports orders unchanged on a second run, keeping the items and their ids, so nothing is duplicated', async () => {
    const store = orderStore();
    const path = file('orders.csv', CSV);
    await importFile(store, [path]);
    const itemsOf = (poNumber: string) =>
      store.orders.find((order) => order.po_number === poNumber)!.purchase_order_items.map((item) => ({ ...item }));
    const before = itemsOf('PO-1');
    await stub!.close();
    const again = await importFile(store, [path]);
    expect(again.code, again.stderr).to.equal(0);
    expect(actionsOf(again)).to.deep.equal(['unchanged', 'unchanged']);
    expect(store.orders).to.have.length(2);
    expect(itemsOf('PO-1')).to.deep.equal(before);
    const patches = stub!.requests.filter((request) => request.method === 'PATCH');
    expect(patches).to.have.length(2);
    for (const patch of patches) expect(patch.body.purchase_order).not.to.have.property('purchase_order_items');
    expect(again.stderr).to.equal('0 created, 0 updated, 2 unchanged, 0 failed of 2 orders\n');
  });

  it('updates a changed item in place, removes what the file no longer lists, and adds only what is new', async () => {
    const store = orderStore();
    await importFile(store, [file('orders.csv', CSV)]);
    const [apples, bananas] = store.orders.find((order) => order.po_number === 'PO-1')!.purchase_order_items;
    await stub!.close();
    const changed = `po_number,product_name,quantity,customer_name
PO-1,Apples,12,Fresh Market
PO-1,Cherries,4,
`;
    const run = await importFile(store, [file('changed.csv', changed)]);
    expect(run.code, run.stderr).to.equal(0);
    expect(actionsOf(run)).to.deep.equal(['updated']);
    const patch = stub!.requests.find((request) => request.method === 'PATCH')!;
    expect(patch.body.purchase_order.purchase_order_items).to.deep.equal([
      { id: apples!.id, quantity: 12 },
      { id: bananas!.id, _destroy: true },
      { product_name: 'Cherries', quantity: 4 },
    ]);
    const items = store.orders.find((order) => order.po_number === 'PO-1')!.purchase_order_items;
    expect(items.map((item) => [item.id, item.product_name, item.quantity])).to.deep.equal([
      [apples!.id, 'Apples', 12],
      [items[1]!.id, 'Cherries', 4],
    ]);
  });

  it('reports each order the API refuses, imports the others, and exits 9', async () => {
    const store = orderStore({
      refuse: (order) =>
        order.po_number === 'PO-2'
          ? {
              status: 422,
              body: { errors: { 'purchase_order_items[0].product_name': ['is not a product of Toronto DC'] } },
            }
          : undefined,
    });
    const run = await importFile(store, [file('orders.csv', CSV), '-o', 'ndjson']);
    expect(run.code).to.equal(9);
    const results = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(results[0]).to.include({ po_number: 'PO-1', action: 'created' });
    expect(results[1]).to.include({ line: 4, po_number: 'PO-2', action: 'failed', id: null });
    expect(results[1].error).to.include(
      '422 Unprocessable Entity: purchase_order_items[0].product_name is not a product of Toronto DC',
    );
    expect(run.stderr)
      .to.include('1 created, 0 updated, 0 unchanged, 1 failed of 2 orders')
      .and.include('whctl: 1 of 2 orders did not go through');
    expect(store.orders.map((order) => order.po_number)).to.deep.equal(['PO-1']);
  });

  it('reports rows it cannot read without sending them, and still imports the rest', async () => {
    const csv = `po_number,carrier_name,product_name,quantity
PO-1,Fast Freight,Apples,ten
,,Apples,1
PO-3,Fast Freight,Apples,1
PO-3,Slow Trucks,Bananas,2
PO-4,,Apples,2
`;
    const store = orderStore();
    const run = await importFile(store, [file('orders.csv', csv), '-q']);
    expect(run.code).to.equal(9);
    // --quiet lists only the failures.
    expect(json(run)).to.deep.equal([
      { line: 2, po_number: 'PO-1', action: 'failed', id: null, error: 'quantity "ten" is not a number' },
      { line: 3, po_number: null, action: 'failed', id: null, error: 'po_number is empty' },
      {
        line: 4,
        po_number: 'PO-3',
        action: 'failed',
        id: null,
        error: 'carrier_name is "Fast Freight" on line 4 but "Slow Trucks" on line 5',
      },
    ]);
    expect(store.orders.map((order) => order.po_number)).to.deep.equal(['PO-4']);
    expect(run.stderr).to.equal('whctl: 3 of 4 orders did not go through; fix them and run the import again\n');
  });

  it('imports NDJSON with any field, and reports bad lines by number', async () => {
    const lines = [
      JSON.stringify({
        po_number: 'PO-7',
        custom_values: { priority: 'high' },
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, custom_values: { lot_code: 'L-1' } }],
      }),
      '{not json',
      JSON.stringify({ purchase_order: { po_number: 'PO-8' } }),
      JSON.stringify({ po_number: 'PO-7' }),
      JSON.stringify({ po_number: 'PO-9', purchase_order_items: [{ product_name: 'Apples', _destroy: true }] }),
    ];
    const store = orderStore();
    const run = await importFile(store, [file('orders.ndjson', `${lines.join('\n')}\n`)]);
    expect(run.code).to.equal(9);
    const results = json(run) as { line: number; action: string; error: string | null }[];
    expect(results.map((result) => [result.line, result.action])).to.deep.equal([
      [1, 'created'],
      [2, 'failed'],
      [3, 'created'],
      [4, 'failed'],
      [5, 'failed'],
    ]);
    expect(results[1]!.error).to.match(/^not valid JSON/);
    expect(results[3]!.error).to.equal('po_number PO-7 is also on line 1');
    expect(results[4]!.error).to.include('leave out _destroy');
    expect(store.orders.find((order) => order.po_number === 'PO-7')).to.deep.include({
      custom_values: { priority: 'high' },
    });
  });

  it('imports the CSV an export writes: answer-only columns ignored, JSON cells read, items without their ids', async () => {
    const item = {
      id: 31,
      product_name: 'Apples',
      quantity: 200,
      customer_name: null,
      location_name: 'Toronto DC',
      custom_values: { lot_code: 'L-1' },
      created_at: '2026-11-28T05:30:56.912-05:00',
      updated_at: '2026-11-28T05:30:56.912-05:00',
    };
    const csv = stringifyCsv([
      [
        'id',
        'po_number',
        'location_name',
        'expected_starts_at',
        'expected_ends_at',
        'earliest_assignment_date',
        'carrier_name',
        'reference_numbers',
        'notes',
        'custom_values',
        'purchase_order_items',
        'appointments',
        'created_at',
        'updated_at',
      ],
      [
        '7',
        'PO-1',
        'Toronto DC',
        '2026-12-01T08:00:00-05:00',
        '',
        '2026-11-28T05:30:56.903-05:00',
        '',
        '["BOL-1","A;B"]',
        'dock 2, "fragile"',
        '{"priority":"high"}',
        JSON.stringify([item]),
        '[{"id":1,"state":"booked"}]',
        '2026-11-28T05:30:56.911-05:00',
        '2026-11-28T05:30:56.911-05:00',
      ],
    ]);
    const store = orderStore();
    const run = await importFile(store, [file('export.csv', csv)]);
    expect(run.code, run.stderr).to.equal(0);
    expect(
      stub!.requests.find((request) => request.path === '/purchase_orders' && request.method === 'POST')!.body,
    ).to.deep.equal({
      purchase_order: {
        po_number: 'PO-1',
        location_name: 'Toronto DC',
        expected_starts_at: '2026-12-01T08:00:00-05:00',
        expected_ends_at: null,
        carrier_name: null,
        reference_numbers: ['BOL-1', 'A;B'],
        notes: 'dock 2, "fragile"',
        custom_values: { priority: 'high' },
        purchase_order_items: [
          { product_name: 'Apples', quantity: 200, customer_name: null, custom_values: { lot_code: 'L-1' } },
        ],
      },
    });
  });

  it('refuses a file with both a purchase_order_items column and item columns, saying to use one', async () => {
    const run = await importFile(orderStore(), [
      file('both.csv', 'po_number,purchase_order_items,product_name\nPO-1,[],Apples\n'),
    ]);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.match(/either as a purchase_order_items column .* or as product_name, quantity/);
  });

  for (const [name, separator, flag] of [
    ['semicolon', ';', "';'"],
    ['tab', '\t', 'tab'],
    ['pipe', '|', "'|'"],
  ] as const) {
    it(`names a ${name}-separated file and the --delimiter that reads it, which then imports it`, async () => {
      const content = ['po_number,product_name,quantity', 'PO-1,Apples,3'].map((line) =>
        line.replaceAll(',', separator),
      );
      const path = file('orders.csv', `${content.join('\n')}\n`);
      const store = orderStore();
      const refused = await importFile(store, [path]);
      expect(refused.code).to.equal(2);
      expect(refused.stderr).to.equal(
        `whctl: ${path} looks ${name}-separated, not comma-separated; pass --delimiter ${flag}\n`,
      );
      await stub!.close();
      const run = await importFile(store, [path, '--delimiter', flag.replaceAll("'", '')]);
      expect(run.code, run.stderr).to.equal(0);
      expect(store.orders.map((order) => [order.po_number, order.purchase_order_items.length])).to.deep.equal([
        ['PO-1', 1],
      ]);
    });
  }

  it('names an NDJSON file with a .csv name, and a comma-separated file read with another --delimiter', async () => {
    const ndjson = await importFile(orderStore(), [file('orders.csv', '{"po_number":"PO-1"}\n')]);
    expect(ndjson.stderr).to.match(/orders\.csv looks like NDJSON, not CSV; pass --format ndjson\n$/);
    await stub!.close();
    const commas = await importFile(orderStore(), [
      file('orders.csv', 'po_number,notes\nPO-1,x\n'),
      '--delimiter',
      ';',
    ]);
    expect(commas.stderr).to.match(/looks comma-separated, not semicolon-separated; pass --delimiter ','\n$/);
  });

  it('keeps no more orders in flight than --concurrency', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => `PO-${index},Apples,1`).join('\n');
    const store = orderStore({ delay: 30 });
    const run = await importFile(store, [
      file('orders.csv', `po_number,product_name,quantity\n${rows}\n`),
      '--concurrency',
      '3',
    ]);
    expect(run.code, run.stderr).to.equal(0);
    expect(store.orders).to.have.length(12);
    expect(stub!.maxInFlight).to.equal(3);
  });

  it('stops at the first 401, since every later order would fail the same way, and exits 3', async () => {
    const rows = Array.from({ length: 20 }, (_, index) => `PO-${index}`).join('\n');
    const run = await importFile(
      { orders: [], handler: async () => ({ status: 401, body: { error: 'unknown token' } }) },
      [file('orders.csv', `po_number\n${rows}\n`), '--concurrency', '2'],
    );
    expect(run.code).to.equal(3);
    expect(stub!.requests.length).to.be.at.most(2);
    expect(run.stderr)
      .to.include('0 created, 0 updated, 0 unchanged, 0 failed, 20 not attempted of 20 orders')
      .and.include('whctl: 401 Unauthorized: unknown token');
  });

  for (const [what, name, content, message] of [
    ['an unknown column', 'orders.csv', 'po_number,qty\nPO-1,1\n', /unknown column "qty"/],
    [
      'a file without a po_number column',
      'orders.csv',
      'product_name,quantity\nApples,1\n',
      /a po_number column is required/,
    ],
    [
      'quantities without a product_name column',
      'orders.csv',
      'po_number,quantity\nPO-1,1\n',
      /need a product_name column/,
    ],
    ['malformed CSV', 'orders.csv', 'po_number,notes\nPO-1,"unclosed\n', /is not valid CSV/],
    ['an empty file', 'orders.ndjson', '\n\n', /holds no orders/],
    [
      'a file whose format its name does not tell',
      'orders.txt',
      'po_number\nPO-1\n',
      /pass --format csv or --format ndjson/,
    ],
  ] as const) {
    it(`refuses ${what} with exit 2 before sending anything`, async () => {
      const run = await importFile(orderStore(), [file(name, content)]);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.match(message);
      expect(stub!.requests).to.deep.equal([]);
    });
  }

  it('refuses a file that does not exist with exit 2', async () => {
    const run = await importFile(orderStore(), ['/nonexistent/orders.csv']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.equal('whctl: cannot read /nonexistent/orders.csv: no such file\n');
  });

  it('reads stdin with - and --format', async () => {
    const store = orderStore();
    stub = await startStub(store.handler);
    const run = await whctl(['purchase-orders', 'import', '-', '--format', 'csv'], {
      env: stubEnv(stub),
      input: 'po_number,notes\nPO-5,via stdin\n',
    });
    expect(run.code, run.stderr).to.equal(0);
    expect(store.orders[0]).to.deep.include({ po_number: 'PO-5', notes: 'via stdin' });
  });
});
