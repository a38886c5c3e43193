// whctl's imports against the reference server: an export of each resource imports back
// changing nothing, an edited one changes what the edit says, and Ctrl-C mid-import leaves a
// report and a command to run again.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, tempDir } from '@warehouse-kit/testing';
import { createWorld, startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { freshHome, json, type Run, WHCTL, whctl } from './support/whctl.js';

/** The standard organization with what an export must carry back: custom values, a product without a SKU, text with commas and quotes. */
const withRecords = (world: Parameters<NonNullable<Parameters<typeof createWorld>[1]>>[0]) => ({
  ...world,
  locations: world.locations.map((location) =>
    location.name === 'Toronto DC'
      ? { ...location, products: [...(location.products ?? []), { name: 'Figs, "dried"', sku: null }] }
      : location,
  ),
  custom_fields: [
    {
      key: 'priority',
      applies_to: 'purchase_order' as const,
      field_type: 'select' as const,
      rules: { options: ['low', 'high'] },
      locations: ['Toronto DC'],
    },
    {
      key: 'lot_code',
      applies_to: 'purchase_order_item' as const,
      field_type: 'text' as const,
      locations: ['Toronto DC'],
    },
  ],
  companies: [
    ...(world.companies ?? []),
    {
      name: 'Corner Grocer, Ltd.',
      company_type: 'customer' as const,
      company_number: 'C-7',
      contact_email: 'ops@corner.example',
      address_line1: '12 "Main" St',
      country: 'CA',
      can_create_carriers: true,
    },
  ],
  purchase_orders: [
    {
      po_number: 'PO-1',
      location_name: 'Toronto DC',
      expected_starts_at: '2026-12-01T08:00:00',
      expected_ends_at: '2026-12-01T12:00:00',
      carrier_name: 'Fast Freight',
      notes: 'dock 2, "fragile"\nsecond line',
      reference_numbers: ['BOL-1', 'A;B'],
      custom_values: { priority: 'high' },
      purchase_order_items: [
        { product_name: 'Apples', quantity: 200, customer_name: 'Fresh Market', custom_values: { lot_code: 'L-1' } },
        { product_name: 'Bananas', quantity: 12.5 },
      ],
    },
    {
      po_number: 'PO-2',
      expected_starts_at: '2026-12-10T15:00:00Z',
      purchase_order_items: [{ product_name: 'Mangoes', quantity: 80 }],
    },
    { po_number: 'PO-3', location_name: 'Vancouver DC' },
  ],
});

function file(name: string, content: string): string {
  const path = join(tempDir('whctl-import-'), name);
  writeFileSync(path, content);
  return path;
}

const actions = (run: Run) => json(run).map((result: { action: string }) => result.action);

describe('whctl imports against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost', shape: withRecords })));
  after(() => server.close());

  const env = (target: World = world) => ({ WHCTL_BASE_URL: target.url(), WHCTL_TOKEN: target.token('admin') });
  const admin = (...args: string[]) => whctl(args, { env: env() });

  // NDJSON for orders, whose items and answer-only fields nest; the flat records read as CSV does.
  for (const [resource, noun, formats] of [
    ['purchase-orders', 'orders', ['csv', 'ndjson']],
    ['products', 'products', ['csv']],
    ['companies', 'companies', ['csv']],
  ] as const) {
    it(`imports a ${formats.join(' or ')} export of ${resource} back as all unchanged, writing nothing`, async () => {
      const path = `/${resource.replace('-', '_')}`;
      const before = (await world.as('admin').get(path, { per_page: 100 })).body;
      expect(before.length).to.be.at.least(3);
      for (const format of formats) {
        const exported = await admin(resource, 'list', '--all', '-o', format);
        expect(exported.code, exported.stderr).to.equal(0);
        const run = await admin(resource, 'import', file(`${resource}.${format}`, exported.stdout), '-o', 'json');
        expect(run.code, `${format}: ${run.stdout}${run.stderr}`).to.equal(0);
        expect(new Set(actions(run)), format).to.deep.equal(new Set(['unchanged']));
        expect(run.stderr).to.equal(
          `0 created, 0 updated, ${before.length} unchanged, 0 failed of ${before.length} ${noun}\n`,
        );
      }
      // The same records, ids and updated_at included: nothing was written.
      expect((await world.as('admin').get(path, { per_page: 100 })).body).to.deep.equal(before);
    });
  }

  it('updates what an edited export changes and creates what it adds: products by SKU at their location, companies by name', async () => {
    const products = await admin('products', 'list', '--location', 'Toronto DC', '--all', '-o', 'csv');
    const edited = products.stdout
      .replace(',Bananas,BAN-001,', ',Ripe bananas,BAN-001,')
      .concat('ignored-id,Cherries,CHE-001,Toronto DC,,\n');
    const run = await admin('products', 'import', file('products.csv', edited), '-o', 'json');
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run).map((row: { name: string; action: string }) => [row.name, row.action])).to.deep.equal([
      ['Apples', 'unchanged'],
      ['Ripe bananas', 'updated'],
      ['Figs, "dried"', 'unchanged'],
      ['Cherries', 'created'],
    ]);
    const catalog = (await world.as('admin').get('/products', { per_page: 100 })).body;
    expect(
      catalog.map((product: { name: string; sku: string | null; location_name: string }) => [
        product.location_name,
        product.sku,
        product.name,
      ]),
    ).to.have.deep.members([
      ['Toronto DC', 'APL-001', 'Apples'],
      ['Toronto DC', 'BAN-001', 'Ripe bananas'],
      ['Toronto DC', null, 'Figs, "dried"'],
      ['Toronto DC', 'CHE-001', 'Cherries'],
      // The same SKU at another location is another product, left alone.
      ['Vancouver DC', 'APL-001', 'Apples'],
    ]);

    const companies = file(
      'companies.ndjson',
      [
        JSON.stringify({ company: { name: 'Fast Freight', company_type: 'carrier', contact_phone: '+1 555 0100' } }),
        JSON.stringify({ id: 999999, name: 'Slow Boats', company_type: 'carrier', created_at: 'ignored' }),
        JSON.stringify({ name: 'Fresh Market', auto_approve_appointments: true }),
      ].join('\n'),
    );
    const imported = await admin('companies', 'import', companies, '-o', 'json');
    expect(imported.code, imported.stderr).to.equal(0);
    expect(actions(imported)).to.deep.equal(['updated', 'created', 'unchanged']);
    const fast = (await world.as('admin').get('/companies', { name: 'Fast Freight' })).body;
    expect(fast).to.have.length(1);
    expect(fast[0]).to.include({ name: 'Fast Freight', contact_phone: '+1 555 0100' });
  });

  describe('interrupted with Ctrl-C', () => {
    const children: ChildProcessWithoutNullStreams[] = [];
    after(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    });

    it('prints the report of what was done and what to do, exits 130, and the same command finishes the rest', async () => {
      // A world of its own, so that its orders are the import's alone.
      const local = await createWorld(server);
      const rows = ['PO-A', 'PO-B', 'PO-C', 'PO-D'].map((poNumber) => `${poNumber},Toronto DC,Apples,1`);
      const path = file('orders.csv', `po_number,location_name,product_name,quantity\n${rows.join('\n')}\n`);
      const command = ['purchase-orders', 'import', path, '--concurrency', '1', '-o', 'json'];
      const home = freshHome();
      // Three requests a minute: the bulk-upload probe, PO-A's lookup and its create go at once,
      // and PO-B's lookup waits for the minute's window, where Ctrl-C finds it.
      const child = spawn(process.execPath, [WHCTL, ...command, '--rate', '3', '--verbose'], {
        env: { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...env(local) },
      });
      children.push(child);
      let [stdout, stderr] = ['', ''];
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      // The trace of --verbose shows PO-A's create answered.
      await eventually('the first order created', async () => {
        const post = /^\[(\d+)\] > POST \S+\/api\/v1\/purchase_orders$/m.exec(stderr)?.[1];
        return post && new RegExp(`^\\[${post}\\] < 200 `, 'm').test(stderr) ? true : undefined;
      });
      const closed = once(child, 'close');
      child.kill('SIGINT');
      const [code] = await closed;

      expect(code, stderr).to.equal(130);
      const report = JSON.parse(stdout);
      expect(report).to.have.length(1);
      expect(report[0]).to.include({ line: 2, po_number: 'PO-A', action: 'created', error: null });
      expect(report[0].id).to.be.a('number');
      const lines = stderr.split('\n').filter((line) => line && !line.startsWith('['));
      expect(lines).to.deep.equal([
        '1 created, 0 updated, 0 unchanged, 0 failed, 3 not finished of 4 orders',
        'whctl: interrupted: run the same command again to continue',
      ]);
      // PO-B's lookup was never sent.
      expect(stderr.match(/^\[\d+\] > GET /gm)).to.have.length(1);
      const atServer = async () =>
        (await local.as('admin').get('/purchase_orders', { per_page: 100 })).body
          .map((order: { po_number: string }) => order.po_number)
          .sort();
      expect(await atServer()).to.deep.equal(['PO-A']);

      const again = await whctl(command, { env: env(local) });
      expect(again.code, again.stderr).to.equal(0);
      expect(actions(again)).to.deep.equal(['unchanged', 'created', 'created', 'created']);
      expect(await atServer()).to.deep.equal(['PO-A', 'PO-B', 'PO-C', 'PO-D']);
    });
  });
});
