import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, tempDir } from '@warehouse-kit/testing';
import {
  createWorld,
  startWorld,
  type TestServer,
  type UserKey,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { DateTime } from 'luxon';
import { json, whctl } from './support/whctl.js';

describe('whctl purchase orders against the reference server', () => {
  let server: TestServer;
  let world: World;
  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  const as = (user: UserKey, args: string[]) =>
    whctl(args, { env: { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token(user) } });
  const admin = (...args: string[]) => as('admin', args);
  /** Creates an order at Toronto DC, with more flags after. */
  const createAtToronto = (poNumber: string, ...args: string[]) =>
    admin('purchase-orders', 'create', '--po-number', poNumber, '--location', 'Toronto DC', ...args);

  it('creates once with --idempotency-key, and refuses a stale --if-match with 412 while --if-unmodified goes through', async () => {
    const poNumber = uniqueId('PO-');
    const create = ['purchase-orders', 'create', '--po-number', poNumber, '--idempotency-key', `key-${poNumber}`];
    const first = await admin(...create);
    const again = await admin(...create);
    expect(first.code, first.stderr).to.equal(0);
    expect(again.code, again.stderr).to.equal(0);
    expect(json(again).id).to.equal(json(first).id);
    const id = String(json(first).id);
    const stale = await admin('purchase-orders', 'update', id, '--notes', 'x', '--if-match', '"0"');
    expect(stale.code).to.equal(10);
    expect(stale.stderr).to.match(/^whctl: 412 Precondition Failed: .* \(its ETag is now "\d+"\): read it again/);
    const fresh = await admin('purchase-orders', 'update', id, '--notes', 'checked', '--if-unmodified');
    expect(fresh.code, fresh.stderr).to.equal(0);
    expect(json(fresh).notes).to.equal('checked');
    const removed = await admin('purchase-orders', 'delete', id, '--if-unmodified');
    expect(removed.code, removed.stderr).to.equal(0);
  });

  it("creates an order whose offset-less time is read in its warehouse's zone, and finds it by PO number", async () => {
    const poNumber = uniqueId('PO-');
    const created = await createAtToronto(
      poNumber,
      '--expected-starts-at',
      '2026-12-01T08:00:00',
      '--data',
      '{"purchase_order_items":[{"product_name":"Apples","quantity":12}]}',
    );
    expect(created.code, created.stderr).to.equal(0);
    expect(json(created)).to.include({
      po_number: poNumber,
      location_name: 'Toronto DC',
      expected_starts_at: '2026-12-01T08:00:00-05:00',
    });

    const found = await admin('purchase-orders', 'get', '--po-number', poNumber);
    expect(json(found).id).to.equal(json(created).id);
    expect(
      json(found).purchase_order_items.map((item: { product_name: string; quantity: number }) => [
        item.product_name,
        item.quantity,
      ]),
    ).to.deep.equal([['Apples', 12]]);

    const missing = await admin('purchase-orders', 'get', '--po-number', `${poNumber}-X`);
    expect(missing.code).to.equal(4);
    expect(missing.stderr).to.equal(`whctl: no purchase order with PO number "${poNumber}-X"\n`);
  });

  it('creates an order with line items from --item flags, one with its customer', async () => {
    const poNumber = uniqueId('PO-');
    const created = await createAtToronto(poNumber, '--item', 'Apples:200', '--item', 'Bananas:12.5:Fresh Market');
    expect(created.code, created.stderr).to.equal(0);
    const items = json(await admin('purchase-orders', 'get', '--po-number', poNumber)).purchase_order_items;
    expect(
      items.map((item: { product_name: string; quantity: number; customer_name: string | null }) => [
        item.product_name,
        item.quantity,
        item.customer_name,
      ]),
    ).to.deep.equal([
      ['Apples', 200, null],
      ['Bananas', 12.5, 'Fresh Market'],
    ]);
  });

  it('moves an order between warehouses, unassigns it and assigns it again, keeping the instant', async () => {
    const poNumber = uniqueId('PO-');
    await admin(
      'purchase-orders',
      'create',
      '--po-number',
      poNumber,
      '--location',
      'Toronto DC',
      '--expected-starts-at',
      '2026-12-01T08:00:00',
    );

    // The instant at a zone as the runtime's zone rules have it, as the server renders it: Node 24's
    // tz data (2026e) keeps British Columbia on -07:00 all year, Node 20's (2025c) had -08:00 in winter.
    const at = (zone: string) =>
      DateTime.fromISO('2026-12-01T13:00:00Z', { zone }).toISO({ suppressMilliseconds: true });
    const moved = await admin('purchase-orders', 'move', '--po-number', poNumber, '--to', 'vancouver dc');
    expect(moved.code, moved.stderr).to.equal(0);
    expect(json(moved)).to.include({ location_name: 'Vancouver DC', expected_starts_at: at('America/Vancouver') });

    const refused = await admin('purchase-orders', 'assign', '--po-number', poNumber, '--to', 'Toronto DC');
    expect(refused.code).to.equal(2);
    expect(refused.stderr).to.include(
      `purchase order ${poNumber} is assigned to Vancouver DC; use "whctl purchase-orders move"`,
    );

    const unassigned = await admin('purchase-orders', 'unassign', String(json(moved).id));
    expect(json(unassigned)).to.include({ location_name: null, expected_starts_at: '2026-12-01T13:00:00Z' });

    const assigned = await admin('purchase-orders', 'assign', '--po-number', poNumber, '--to', 'Auckland DC');
    expect(json(assigned)).to.include({ location_name: 'Auckland DC', expected_starts_at: at('Pacific/Auckland') });
  });

  it('moves, unassigns and assigns only the version --if-match names (412, exit 10, nothing moved), and the one read with --if-unmodified', async () => {
    // Set up and looked at through the API: whctl runs only the commands under test.
    const api = world.as('admin');
    const id = String(
      (
        await api.post('/purchase_orders', {
          purchase_order: { po_number: uniqueId('PO-'), location_name: 'Toronto DC' },
        })
      ).body.id,
    );
    const where = async () => (await api.get(`/purchase_orders/${id}`)).body.location_name;
    const stale = await admin('purchase-orders', 'move', id, '--to', 'Vancouver DC', '--if-match', '"0"');
    expect(stale.code).to.equal(10);
    expect(stale.stderr).to.match(/^whctl: 412 Precondition Failed: /);
    expect(await where()).to.equal('Toronto DC');
    const moved = await admin('purchase-orders', 'move', id, '--to', 'Vancouver DC', '--if-unmodified');
    expect(moved.code, moved.stderr).to.equal(0);
    const { etag } = (await api.get(`/purchase_orders/${id}`)).headers;
    const unassigned = await admin('purchase-orders', 'unassign', id, '--if-match', etag!);
    expect(unassigned.code, unassigned.stderr).to.equal(0);
    const staleAssign = await admin('purchase-orders', 'assign', id, '--to', 'Auckland DC', '--if-match', etag!);
    expect(staleAssign.code).to.equal(10);
    expect(await where()).to.equal(null);
    const assigned = await admin('purchase-orders', 'assign', id, '--to', 'Auckland DC', '--if-unmodified');
    expect(assigned.code, assigned.stderr).to.equal(0);
    expect(await where()).to.equal('Auckland DC');
  });

  it('fits a table of real orders to 80 and 60 columns with whole times and names, saying which columns it left out', async () => {
    const poNumber = uniqueId('PO-');
    const created = await createAtToronto(
      poNumber,
      '--expected-starts-at',
      '2026-12-01T08:00:00',
      '--expected-ends-at',
      '2026-12-01T12:00:00',
      '--carrier',
      'Fast Freight Logistics International',
    );
    expect(created.code, created.stderr).to.equal(0);
    const table = (columns: number, ...args: string[]) =>
      whctl(['purchase-orders', 'list', '--po-number', poNumber, '-o', 'table', ...args], {
        env: { WHCTL_BASE_URL: world.url(), WHCTL_TOKEN: world.token('admin'), COLUMNS: String(columns) },
      });
    const fits = (run: { code: number | null; stdout: string; stderr: string }, columns: number) => {
      expect(run.code, run.stderr).to.equal(0);
      for (const line of run.stdout.trimEnd().split('\n')) expect(line.length, line).to.be.at.most(columns);
      expect(run.stdout).not.to.include('…');
    };

    const wide = await table(80);
    fits(wide, 80);
    expect(wide.stdout)
      .to.include(`│ ${poNumber} │`)
      .and.include('│ Toronto DC')
      .and.include('2026-12-01T08:00:00-05:00');
    expect(wide.stderr).to.equal(
      'left out expected_ends_at, carrier_name to fit 80 columns; see them with --columns or -o json\n',
    );

    const narrow = await table(60);
    fits(narrow, 60);
    expect(narrow.stdout).to.include(`│ ${poNumber} │`).and.include('│ Toronto DC');
    expect(narrow.stderr).to.include('left out expected_starts_at, expected_ends_at, carrier_name to fit 60 columns');

    const chosen = await table(60, '--columns', 'po_number,carrier_name,expected_ends_at');
    fits(chosen, 60);
    expect(chosen.stdout).to.include('│ Fast Freight Logistics International │');
    expect(chosen.stderr).to.include('left out expected_ends_at to fit 60 columns');
    const ends = await table(60, '--columns', 'po_number,expected_ends_at');
    fits(ends, 60);
    expect(ends.stdout).to.include('│ 2026-12-01T12:00:00-05:00 │');
    expect(ends.stderr).to.equal('');
  });

  it('refuses a move to a warehouse the token cannot write to (exit 3) or that does not exist (exit 4)', async () => {
    const poNumber = uniqueId('PO-');
    await admin('purchase-orders', 'create', '--po-number', poNumber, '--location', 'Toronto DC');
    const forbidden = await as('integration', [
      'purchase-orders',
      'move',
      '--po-number',
      poNumber,
      '--to',
      'Vancouver DC',
    ]);
    expect(forbidden.code).to.equal(3);
    expect(forbidden.stderr).to.match(/^whctl: 403 Forbidden: /);
    const unknown = await admin('purchase-orders', 'move', '--po-number', poNumber, '--to', 'Atlantis DC');
    expect(unknown.code).to.equal(4);
    expect(json(await admin('purchase-orders', 'get', '--po-number', poNumber)).location_name).to.equal('Toronto DC');
  });

  it('exports every order of a warehouse, and the unassigned ones the API includes, as CSV', async () => {
    const local = await createWorld(server);
    const run = (...args: string[]) =>
      whctl(args, {
        env: { WHCTL_BASE_URL: `http://${local.host()}:${server.port}`, WHCTL_TOKEN: local.token('admin') },
      });
    for (const [poNumber, location] of [
      ['PO-A', 'Toronto DC'],
      ['PO-B', 'Vancouver DC'],
      ['PO-C', ''],
      ['PO-D', 'Toronto DC'],
    ] as const) {
      expect(
        (
          await run(
            'purchase-orders',
            'create',
            '--po-number',
            poNumber,
            ...(location ? ['--location', location] : []),
            '-q',
          )
        ).code,
      ).to.equal(0);
    }
    const exported = await run(
      'purchase-orders',
      'list',
      '--location',
      'Toronto DC',
      '--all',
      '--per-page',
      '1',
      '-o',
      'csv',
      '--columns',
      'po_number,location_name',
    );
    expect(exported.code, exported.stderr).to.equal(0);
    expect(parseCsv(exported.stdout)).to.deep.equal([
      ['po_number', 'location_name'],
      ['PO-A', 'Toronto DC'],
      ['PO-C', ''],
      ['PO-D', 'Toronto DC'],
    ]);
  });

  it('updates fields by PO number and deletes an order', async () => {
    const poNumber = uniqueId('PO-');
    await admin('purchase-orders', 'create', '--po-number', poNumber, '-q');
    const updated = await admin(
      'purchase-orders',
      'update',
      '--po-number',
      poNumber,
      '--carrier',
      'Fast Freight',
      '--reference',
      'BOL-7',
      '--notes',
      'dock 2 only',
    );
    expect(json(updated)).to.include({ carrier_name: 'Fast Freight', notes: 'dock 2 only' });
    expect(json(updated).reference_numbers).to.deep.equal(['BOL-7']);
    const deleted = await admin('purchase-orders', 'delete', '--po-number', poNumber);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect((await admin('purchase-orders', 'get', '--po-number', poNumber)).code).to.equal(4);
  });

  it('lists orders with booked appointments, paging by limit and offset with --all', async () => {
    const poNumber = uniqueId('PO-');
    await admin('purchase-orders', 'create', '--po-number', poNumber, '--location', 'Toronto DC', '-q');
    const appointment = { packing_lists: [{ po_number: poNumber, product_name: 'Apples', quantity: 4 }] };
    const booked = await admin(
      'appointments',
      'create',
      '--location',
      'Toronto DC',
      '--scheduled-at',
      '2026-12-03T10:00:00',
      '--carrier',
      'Fast Freight',
      '--data',
      JSON.stringify(appointment),
    );
    expect(booked.code, booked.stderr).to.equal(0);
    expect(json(booked).state).to.equal('booked');

    const run = await admin(
      'purchase-orders',
      'booked',
      '--all',
      '--limit',
      '1',
      '--start-time',
      '2026-12-03T00:00:00',
      '--location',
      'Toronto DC',
      '-o',
      'ndjson',
    );
    expect(run.code, run.stderr).to.equal(0);
    const orders = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const order = orders.find((candidate: { po_number: string }) => candidate.po_number === poNumber);
    expect(
      order.appointments.map((nested: { id: number; scheduled_at: string }) => [nested.id, nested.scheduled_at]),
    ).to.deep.equal([[json(booked).id, '2026-12-03T10:00:00-05:00']]);
  });

  describe('import', () => {
    function csvFile(content: string): string {
      const path = join(tempDir('whctl-import-'), 'orders.csv');
      writeFileSync(path, content);
      return path;
    }

    it('creates orders, and on a second run reports them unchanged without duplicating orders or items', async () => {
      const [first, second] = [uniqueId('PO-'), uniqueId('PO-')];
      const path = csvFile(`po_number,location_name,expected_starts_at,product_name,quantity,customer_name
${first},Toronto DC,2026-12-01T08:00:00,Apples,10,Fresh Market
${first},,,Bananas,5,
${second},,,Apples,3,
`);
      const once = await admin('purchase-orders', 'import', path);
      expect(once.code, once.stderr).to.equal(0);
      expect(json(once).map((result: { action: string }) => result.action)).to.deep.equal(['created', 'created']);
      const idsOf = async () =>
        json(await admin('purchase-orders', 'get', '--po-number', first)).purchase_order_items.map(
          (item: { id: number }) => item.id,
        );
      const idsBefore = await idsOf();
      const twice = await admin('purchase-orders', 'import', path);
      expect(twice.code, twice.stderr).to.equal(0);
      expect(json(twice).map((result: { action: string }) => result.action)).to.deep.equal(['unchanged', 'unchanged']);
      expect(twice.stderr).to.include('0 created, 0 updated, 2 unchanged, 0 failed of 2 orders');
      expect(await idsOf(), 'unchanged items keep their ids').to.deep.equal(idsBefore);

      const order = json(await admin('purchase-orders', 'get', '--po-number', first));
      expect(order).to.include({ location_name: 'Toronto DC', expected_starts_at: '2026-12-01T08:00:00-05:00' });
      const items = order.purchase_order_items.map(
        (item: { product_name: string; quantity: number; customer_name: string | null }) => [
          item.product_name,
          item.quantity,
          item.customer_name,
        ],
      );
      expect(items).to.deep.equal([
        ['Apples', 10, 'Fresh Market'],
        ['Bananas', 5, null],
      ]);
      const matches = json(await admin('purchase-orders', 'list', '--po-number', second, '--all'));
      expect(matches).to.have.length(1);
      expect(matches[0]).to.include({ location_name: null });

      const edited = csvFile(readFileSync(path, 'utf8').replace(',10,', ',11,'));
      const changed = await admin('purchase-orders', 'import', edited);
      expect(json(changed).map((result: { action: string }) => result.action)).to.deep.equal(['updated', 'unchanged']);
    });

    it('reports an order the API refuses and imports the rest, exiting 9', async () => {
      const [good, bad] = [uniqueId('PO-'), uniqueId('PO-')];
      const run = await admin(
        'purchase-orders',
        'import',
        csvFile(`po_number,location_name\n${good},Toronto DC\n${bad},Atlantis DC\n`),
        '-o',
        'ndjson',
      );
      expect(run.code).to.equal(9);
      const results = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(results[0]).to.include({ po_number: good, action: 'created' });
      expect(results[1]).to.include({ po_number: bad, action: 'failed', line: 3 });
      expect(results[1].error).to.match(/^404 Not Found: /);
    });

    it('imports orders to a location interface through bulk uploads, and a re-run reports them unchanged', async () => {
      const run = uniqueId('B');
      const rows = Array.from({ length: 250 }, (_, i) => `${run}-${i},Toronto DC,Apples,${i + 1}`);
      const header = 'po_number,location_name,product_name,quantity\n';
      const path = csvFile(`${header}${rows.join('\n')}\n`);
      const atToronto = (args: string[]) =>
        whctl(args, { env: { WHCTL_BASE_URL: world.url('toronto'), WHCTL_TOKEN: world.token('admin') } });
      const actions = (output: string) =>
        output
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).action);
      const once = await atToronto(['purchase-orders', 'import', path, '-o', 'ndjson']);
      expect(once.code, once.stderr).to.equal(0);
      expect(once.stderr).to.include('250 created, 0 updated, 0 unchanged, 0 failed of 250 orders');
      // The same file: its uploads are answered again from the idempotency store, writing nothing.
      const again = await atToronto(['purchase-orders', 'import', path, '-o', 'ndjson']);
      expect(again.code, again.stderr).to.equal(0);
      expect(new Set(actions(again.stdout))).to.deep.equal(new Set(['unchanged']));
      expect(again.stderr).to.include('0 created, 0 updated, 250 unchanged, 0 failed of 250 orders');
      // Another file with one order changed: uploaded anew, and only that order was written.
      // whctl reads "written since the upload" off the whole-second Date header, a second early,
      // so orders created less than two seconds before would count as updated (README, import):
      // wait until the server's own clock is two seconds past the re-run.
      // Asked with another token than whctl's, whose budget the import needs.
      const serverNow = async () => Date.parse((await world.as('viewer').get('/locations')).headers.date!);
      const rerun = await serverNow();
      await eventually('the server two seconds past the re-run', async () =>
        (await serverNow()) >= rerun + 2_000 ? true : undefined,
      );
      const edited = [
        ...rows.slice(0, 7),
        `${run}-7,Toronto DC,Apples,999`,
        ...rows.slice(8),
        `${run}-new,Toronto DC,Apples,1`,
      ];
      const changed = await atToronto([
        'purchase-orders',
        'import',
        csvFile(`${header}${edited.join('\n')}\n`),
        '-o',
        'ndjson',
      ]);
      expect(changed.code, changed.stderr).to.equal(0);
      const outcome = actions(changed.stdout);
      expect(outcome[7]).to.equal('updated');
      expect(outcome[250]).to.equal('created');
      expect(changed.stderr).to.include('1 created, 1 updated, 249 unchanged, 0 failed of 251 orders');
      const matches = json(await admin('purchase-orders', 'list', '--po-number', `${run}-249`, '--all'));
      expect(matches).to.have.length(1);
      expect(matches[0].purchase_order_items).to.have.length(1);
    });
  });
});
