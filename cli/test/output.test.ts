import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { type Stub, type StubAnswer, type StubRequest, startStub, stubEnv } from './support/stub.js';
import { json, WHCTL, whctl } from './support/whctl.js';

const TOTAL = 7;
const products = Array.from({ length: TOTAL }, (_, index) => ({
  id: index + 1,
  name: index === 2 ? 'Apples, "Gala"\nlarge' : `Product ${index + 1}`,
  sku: index === 1 ? null : `SKU-${index + 1}`,
  location_name: 'Toronto DC',
  created_at: '2026-01-05T09:00:00-05:00',
  updated_at: '2026-01-05T09:00:00-05:00',
}));

/** /products paged like the API: `page`, `per_page` (default 3 here), Link and the count headers. */
function productPages(stub: Stub) {
  return (request: StubRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const perPage = Number(request.query.get('per_page') ?? 3);
    const pages = Math.max(1, Math.ceil(TOTAL / perPage));
    const link = (n: number, rel: string) => {
      const query = new URLSearchParams(request.query);
      query.set('page', String(n));
      return `<${stub.url}/api/v1/products?${query}>; rel="${rel}"`;
    };
    const links = [link(1, 'first'), link(pages, 'last'), ...(page < pages ? [link(page + 1, 'next')] : [])];
    return {
      status: 200,
      body: products.slice((page - 1) * perPage, page * perPage),
      headers: {
        Link: links.join(', '),
        'Current-Page': String(page),
        'Page-Items': String(perPage),
        'Total-Pages': String(pages),
        'Total-Count': String(TOTAL),
      },
    };
  };
}

describe('whctl output', () => {
  let stub: Stub;
  let handler: (request: StubRequest) => StubAnswer | Promise<StubAnswer>;
  beforeEach(async () => {
    stub = await startStub((request) => handler(request));
    handler = productPages(stub);
  });
  afterEach(() => stub.close());

  const run = (args: string[]) => whctl(args, { env: stubEnv(stub) });

  it('prints JSON when stdout is not a terminal, one page by default', async () => {
    const result = await run(['products', 'list']);
    expect(result.code).to.equal(0);
    expect(json(result)).to.deep.equal(products.slice(0, 3));
    expect(stub.requests.map((request) => request.query.toString())).to.deep.equal(['']);
  });

  it('follows every Link with --all, asking for full pages, and prints one JSON array', async () => {
    const result = await run(['products', 'list', '--all', '--location', 'Toronto DC']);
    expect(result.code, result.stderr).to.equal(0);
    expect(json(result)).to.deep.equal(products);
    expect(stub.requests.map((request) => Object.fromEntries(request.query))).to.deep.equal([
      { location_name: 'Toronto DC', per_page: '100' },
    ]);
  });

  it(
    'streams every page as NDJSON, one record per line, ' + 'with no progress bar when stderr is not a terminal',
    async () => {
      const result = await run(['products', 'list', '--all', '--per-page', '3', '-o', 'ndjson']);
      expect(result.code).to.equal(0);
      expect(
        result.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line)),
      ).to.deep.equal(products);
      expect(stub.requests.map((request) => request.query.get('page'))).to.deep.equal([null, '2', '3']);
      expect(result.stderr).to.equal('');
    },
  );

  it(
    'writes CSV with a header of every field, quoting ' + 'commas, quotes and newlines, and empty cells for null',
    async () => {
      const result = await run(['products', 'list', '--all', '--per-page', '3', '-o', 'csv']);
      expect(result.code).to.equal(0);
      const rows = parseCsv(result.stdout) as string[][];
      expect(rows[0]).to.deep.equal(['id', 'name', 'sku', 'location_name', 'created_at', 'updated_at']);
      expect(rows.slice(1).map((row) => row[1])).to.deep.equal(products.map((product) => product.name));
      expect(rows[2]![2]).to.equal('');
      expect(rows).to.have.length(TOTAL + 1);
    },
  );

  it('applies --query to the whole list of a list command, after --all has fetched every page', async () => {
    const skus = await run(['products', 'list', '--all', '--per-page', '3', '--query', '[?sku].sku']);
    expect(skus.code, skus.stderr).to.equal(0);
    expect(skus.stdout.split('\n').filter(Boolean)).to.deep.equal([
      'SKU-1',
      'SKU-3',
      'SKU-4',
      'SKU-5',
      'SKU-6',
      'SKU-7',
    ]);
    expect(stub.requests).to.have.length(3);
    const picked = await run(['products', 'list', '--query', '[:2].{id: id, sku: sku}', '-o', 'csv']);
    expect(picked.stdout).to.equal('id,sku\n1,SKU-1\n2,\n');
  });

  it('applies --query to the record a get shows and to the one a change prints, which --quiet silences', async () => {
    handler = (request) =>
      request.method === 'GET'
        ? { status: 200, body: products[0] }
        : { status: 200, body: { ...products[0], sku: 'SKU-9', updated_at: '2026-01-06T09:00:00-05:00' } };
    const shown = await run(['products', 'get', '1', '--query', 'sku']);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.equal('SKU-1\n');
    const changed = await run(['products', 'update', '1', '--sku', 'SKU-9', '--query', '{sku: sku, at: updated_at}']);
    expect(changed.code, changed.stderr).to.equal(0);
    expect(json(changed)).to.deep.equal({ sku: 'SKU-9', at: '2026-01-06T09:00:00-05:00' });
    const quiet = await run(['products', 'update', '1', '--sku', 'SKU-9', '--query', 'sku', '--quiet']);
    expect(quiet).to.include({ code: 0, stdout: '' });
  });

  it('refuses a --query that is not JMESPath with exit 2, before sending anything', async () => {
    const result = await run(['products', 'list', '--query', 'sku ==']);
    expect(result.code).to.equal(2);
    expect(result.stderr).to.match(/^whctl: --query "sku ==" is not a JMESPath expression/);
    expect(stub.requests).to.deep.equal([]);
  });

  it('limits table and CSV output to --columns, in that order', async () => {
    const result = await run(['products', 'list', '-o', 'csv', '--columns', 'sku,id']);
    expect(result.stdout).to.equal('sku,id\nSKU-1,1\n,2\nSKU-3,3\n');
  });

  it("prints a table with the resource's main columns and no colour codes when piped", async () => {
    const result = await run(['products', 'list', '-o', 'table', '--per-page', '2']);
    const lines = result.stdout.trim().split('\n');
    expect(lines[1]).to.match(/│ id │ name\s+│ sku\s+│ location_name │/);
    expect(lines[2]).to.match(/^├[─┼]+┤$/);
    expect(lines[3]).to.match(/│ 1 {2}│ Product 1 │ SKU-1 │ Toronto DC {4}│/);
    expect(lines).to.have.length(6);
    expect(result.stdout).not.to.include('created_at').and.not.include('\u001b[');
  });

  it('fits a table to 80 columns when COLUMNS is 0, as a terminal that reports no width sets it', async () => {
    const columns = ['--columns', 'id,name,sku,location_name,created_at,updated_at'];
    const wide = await whctl(['products', 'list', '-o', 'table', ...columns], {
      env: { ...stubEnv(stub), COLUMNS: '200' },
    });
    expect(Math.max(...wide.stdout.split('\n').map((line) => line.length))).to.be.above(80);
    const result = await whctl(['products', 'list', '-o', 'table', ...columns], {
      env: { ...stubEnv(stub), COLUMNS: '0' },
    });
    expect(result.code, result.stderr).to.equal(0);
    for (const line of result.stdout.trimEnd().split('\n')) expect(line.length, line).to.be.at.most(80);
    expect(result.stdout).to.include('│ Product 1 ');
    expect(result.stderr).to.match(/^left out .* to fit 80 columns; see them with --columns or -o json\n$/);
  });

  it('prints one record as YAML, and as a table of fields and values', async () => {
    const one = products[0]!;
    await stub.close();
    stub = await startStub(() => ({ status: 200, body: one }));
    const yaml = await run(['products', 'get', '1', '-o', 'yaml']);
    expect(parseYaml(yaml.stdout)).to.deep.equal(one);
    const table = await run(['products', 'get', '1', '-o', 'table']);
    expect(table.stdout)
      .to.match(/│ name\s+│ Product 1\s+│/)
      .and.match(/│ created_at\s+│ 2026-01-05T09:00:00-05:00 │/);
  });

  it('prints a YAML sequence for a list, and [] for an empty one', async () => {
    const yaml = await run(['products', 'list', '-o', 'yaml']);
    expect(parseYaml(yaml.stdout)).to.deep.equal(products.slice(0, 3));
    await stub.close();
    stub = await startStub(() => ({ status: 200, body: [], headers: { 'Total-Count': '0', 'Total-Pages': '1' } }));
    expect((await run(['products', 'list', '-o', 'yaml'])).stdout).to.equal('[]\n');
    expect((await run(['products', 'list', '-o', 'json'])).stdout).to.equal('[]\n');
  });

  it('stops quietly with status 0 when the reader closes the pipe early, as head does', async () => {
    const child = spawn(process.execPath, [WHCTL, 'products', 'list', '--all', '--per-page', '1', '-o', 'ndjson'], {
      env: { PATH: process.env.PATH, ...stubEnv(stub) },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // The reader goes away after the first record, while later pages are still coming.
    const pages = productPages(stub);
    handler = async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return pages(request);
    };
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.once('close', resolve));
    expect(code).to.equal(0);
    expect(stderr).to.equal('');
    expect(stub.requests.length).to.be.below(TOTAL);
  });
});

describe('whctl input', () => {
  let stub: Stub;
  beforeEach(async () => {
    stub = await startStub((request) => ({
      status: 200,
      body: { id: 9, ...(Object.values(request.body ?? {})[0] as object) },
    }));
  });
  afterEach(() => stub.close());

  const run = (args: string[], input?: string) =>
    whctl(args, { env: stubEnv(stub), ...(input === undefined ? {} : { input }) });
  const sent = () =>
    stub.requests.map((request) => ({
      method: request.method,
      path: request.path,
      query: Object.fromEntries(request.query),
      body: request.body,
    }));

  it('sends fields from flags, wrapped in the record key', async () => {
    const result = await run(['products', 'create', '--location', 'Toronto DC', '--name', 'Figs', '--sku', 'FIG-1']);
    expect(result.code).to.equal(0);
    expect(sent()).to.deep.equal([
      {
        method: 'POST',
        path: '/products',
        query: {},
        body: { product: { location_name: 'Toronto DC', name: 'Figs', sku: 'FIG-1' } },
      },
    ]);
    expect(json(result)).to.deep.include({ id: 9, name: 'Figs' });
  });

  it('reads the record from stdin with --data -, wrapped or not, and lets flags override it', async () => {
    await run(
      ['purchase-orders', 'create', '--data', '-', '--po-number', 'PO-2'],
      JSON.stringify({ purchase_order: { po_number: 'PO-1', notes: 'fragile' } }),
    );
    await run(['companies', 'create', '--data', '-'], JSON.stringify({ name: 'Slow Trucks', company_type: 'carrier' }));
    expect(sent().map((request) => request.body)).to.deep.equal([
      { purchase_order: { po_number: 'PO-2', notes: 'fragile' } },
      { company: { name: 'Slow Trucks', company_type: 'carrier' } },
    ]);
  });

  it('takes line items from repeated --item flags, in place of the items of --data', async () => {
    const data = { notes: 'fragile', purchase_order_items: [{ product_name: 'Plums', quantity: 1 }] };
    const result = await run([
      'purchase-orders',
      'create',
      '--po-number',
      'PO-7',
      '--data',
      JSON.stringify(data),
      '--item',
      'Apples:200',
      '--item',
      ' Gala apples : 12.5 : Fresh Market ',
      '--item',
      'Widget: Blue:3',
    ]);
    expect(result.code, result.stderr).to.equal(0);
    expect(sent()[0]!.body).to.deep.equal({
      purchase_order: {
        po_number: 'PO-7',
        notes: 'fragile',
        purchase_order_items: [
          { product_name: 'Apples', quantity: 200 },
          { product_name: 'Gala apples', quantity: 12.5, customer_name: 'Fresh Market' },
          { product_name: 'Widget: Blue', quantity: 3 },
        ],
      },
    });
  });

  for (const [item, message] of [
    ['Apples', /expected PRODUCT:QUANTITY or PRODUCT:QUANTITY:CUSTOMER, e\.g\. Apples:200/],
    ['Apples:lots', /expected PRODUCT:QUANTITY/],
    [':200', /expected PRODUCT:QUANTITY/],
    ['Apples:-5', /expected PRODUCT:QUANTITY/],
    ['Apples:0', /the quantity must be above 0 and at most 1,000,000,000/],
    ['Apples:1000000001', /the quantity must be above 0 and at most 1,000,000,000/],
    [`${'A'.repeat(256)}:1`, /names are at most 255 characters/],
  ] as const) {
    it(`refuses --item ${JSON.stringify(item.slice(0, 20))} with exit 2, naming the option, before sending anything`, async () => {
      const result = await run(['purchase-orders', 'create', '--po-number', 'PO-8', '--item', item]);
      expect(result.code).to.equal(2);
      expect(result.stderr).to.match(/^whctl: option '--item <product:quantity\[:customer\]>' argument /);
      expect(result.stderr).to.match(message);
      expect(stub.requests).to.deep.equal([]);
    });
  }

  it('passes offset-less times through untouched for the API to read in the warehouse zone', async () => {
    await run([
      'appointments',
      'create',
      '--location',
      'Toronto DC',
      '--scheduled-at',
      '2026-03-08T02:30:00',
      '--duration',
      '45',
      '--dock',
      'Dock 1',
      '--reference',
      'BOL-1',
      '--reference',
      'PRO-2',
    ]);
    expect(sent()[0]!.body).to.deep.equal({
      appointment: {
        location_name: 'Toronto DC',
        scheduled_at: '2026-03-08T02:30:00',
        duration: 45,
        dock_name: 'Dock 1',
        reference_numbers: ['BOL-1', 'PRO-2'],
      },
    });
  });

  it('sends an update by PATCH with only the changed fields, and a negated boolean flag as false', async () => {
    await run(['companies', 'update', '3', '--no-auto-approve', '--contact-email', 'ops@example.com', '-q']);
    expect(sent()).to.deep.equal([
      {
        method: 'PATCH',
        path: '/companies/3',
        query: {},
        body: { company: { contact_email: 'ops@example.com', auto_approve_appointments: false } },
      },
    ]);
  });

  it('cancels an appointment by state, never by DELETE', async () => {
    await run(['appointments', 'update', '12', '--state', 'cancelled', '--location', 'Toronto DC']);
    expect(sent()).to.deep.equal([
      {
        method: 'PATCH',
        path: '/appointments/12',
        query: { location_name: 'Toronto DC' },
        body: { appointment: { state: 'cancelled' } },
      },
    ]);
  });

  it('reads --data from a file and prints nothing for a change with --quiet', async () => {
    const file = join(tempDir('whctl-data-'), 'order.json');
    writeFileSync(file, JSON.stringify({ purchase_order_items: [{ product_name: 'Apples', quantity: 5 }] }));
    const result = await run([
      'purchase-orders',
      'update',
      '4',
      '--data',
      `@${file}`,
      '--carrier',
      'Fast Freight',
      '--quiet',
    ]);
    expect(result.code).to.equal(0);
    expect(result.stdout).to.equal('');
    expect(sent()[0]!.body).to.deep.equal({
      purchase_order: { purchase_order_items: [{ product_name: 'Apples', quantity: 5 }], carrier_name: 'Fast Freight' },
    });
  });
});
