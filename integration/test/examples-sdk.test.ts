// The SDK examples run as an integrator would run them (a child process with the connection
// in the environment) against the reference server, so they never rot.

import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateWebhookSecret, signWebhook } from '@warehouse-kit/sdk';
import { eventually, tempDir } from '@warehouse-kit/testing';
import { feedEnd, startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { EXAMPLES } from './support/examples.js';

describe('SDK examples', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  // Asynchronous on purpose: the server answering the example runs in this process.
  function run(
    example: string,
    args: string[],
    env: Record<string, string> = {},
  ): Promise<{ status: number; stdout: string; stderr: string }> {
    const options = {
      env: { ...process.env, WH_BASE_URL: world.url(), WH_TOKEN: world.token('admin'), ...env },
      timeout: 20_000,
    };
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [join(EXAMPLES, 'dist/sdk', `${example}.js`), ...args],
        options,
        (error, stdout, stderr) => {
          resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr });
        },
      );
    });
  }

  const order = async (poNumber: string) =>
    (await world.as('admin').get('/purchase_orders', { po_number: poNumber })).body[0];

  it('sync-purchase-orders creates the export, then updates it again without duplicating items', async () => {
    const first = await run('sync-purchase-orders', [join(EXAMPLES, 'sdk/erp-orders.json')]);
    expect(first.status, first.stderr).to.equal(0);
    expect(first.stdout)
      .to.match(/^created ERP-2001 \(id \d+\) at Toronto DC$/m)
      .and.match(/^created ERP-2002 \(id \d+\) at no warehouse yet$/m);
    const second = await run('sync-purchase-orders', [join(EXAMPLES, 'sdk/erp-orders.json')]);
    expect(second.status, second.stderr).to.equal(0);
    expect(second.stdout).to.include('updated ERP-2001').and.include('updated ERP-2002');
    const synced = await order('ERP-2001');
    expect(synced.purchase_order_items.map((item: { product_name: string }) => item.product_name)).to.deep.equal([
      'Apples',
      'Cherries',
    ]);
    expect(synced.expected_starts_at).to.equal('2026-12-07T09:00:00-05:00');
  });

  it('sync-purchase-orders reports a rejected order, keeps going, and exits 1', async () => {
    const file = join(tempDir('wh-erp-'), 'orders.json');
    writeFileSync(
      file,
      JSON.stringify([{ po_number: 'ERP-BAD', custom_values: { no_such_field: 1 } }, { po_number: 'ERP-GOOD' }]),
    );
    const result = await run('sync-purchase-orders', [file]);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('rejected ERP-BAD').and.include('custom_values.no_such_field');
    expect(result.stdout).to.include('created ERP-GOOD');
  });

  it("book-appointment books at a local time in the order's warehouse", async () => {
    await world.as('admin').post('/purchase_orders', {
      purchase_order: {
        po_number: 'ERP-BOOK',
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'Bananas', quantity: 4 }],
      },
    });
    const result = await run('book-appointment', ['ERP-BOOK', '2026-12-09T07:30', 'Fast Freight']);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^appointment \d+ for ERP-BOOK is booked: Wed 9 Dec 2026 07:30 EST at Toronto DC$/m);
    const booked = (await world.as('admin').get('/appointments', { location_name: 'Toronto DC' })).body.find(
      (a: { reference_numbers: string[] }) => a.reference_numbers.includes('TMS-ERP-BOOK'),
    );
    expect(booked).to.include({ scheduled_at: '2026-12-09T07:30:00-05:00', carrier_name: 'Fast Freight' });
    expect(booked.packing_lists[0]).to.include({ po_number: 'ERP-BOOK', product_name: 'Bananas', quantity: 4 });
  });

  it('book-appointment refuses an unassigned order with exit status 1', async () => {
    await world.as('admin').post('/purchase_orders', { purchase_order: { po_number: 'ERP-FLOATING' } });
    const result = await run('book-appointment', ['ERP-FLOATING', '2026-12-09T07:30']);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('not assigned');
  });

  it('booked-since lists the booked appointments of orders changed since a time', async () => {
    const result = await run('booked-since', ['2020-01-01T00:00:00Z']);
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/^ERP-BOOK\tToronto DC\tbooked\t2026-12-09T07:30:00-05:00\t-$/m);
    const future = await run('booked-since', ['2999-01-01T00:00:00Z']);
    expect(future.stdout).to.equal('');
  });

  it('says what to set when the connection is missing', async () => {
    const result = await run('booked-since', [], { WH_BASE_URL: '' });
    expect(result.status).to.equal(2);
    expect(result.stderr).to.include('WH_BASE_URL');
  });

  /**
   * An order created at Toronto and moved to Vancouver after the feed's end, once the move shows
   * in the feed (a write shows once older transactions ended: normally at once).
   */
  async function movedOrder(poNumber: string) {
    const admin = world.as('admin');
    const after = await feedEnd(admin);
    const { id } = (
      await admin.post('/purchase_orders', { purchase_order: { po_number: poNumber, location_name: 'Toronto DC' } })
    ).body;
    await admin.patch(`/purchase_orders/${id}`, { purchase_order: { location_name: 'Vancouver DC' } });
    const moved = await eventually<{ id: string; type: string }>(
      'the move in the feed',
      async () => (await admin.get('/events', { after, types: 'purchase_order.moved' })).body.events[0],
    );
    expect(moved).to.include({ type: 'purchase_order.moved' });
    return { id: id as number, after, moved };
  }

  it('follow-events reads on from the cursor it kept, each event once, and --once stops when caught up', async () => {
    const cursorFile = join(tempDir('wh-follow-'), 'cursor.txt');
    const { id, after } = await movedOrder('EVX-1');
    writeFileSync(cursorFile, after);
    const first = await run('follow-events', [cursorFile, 'purchase_order.*', '--once']);
    expect(first.status, first.stderr).to.equal(0);
    expect(
      first.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ').slice(1).join(' ')),
    ).to.deep.equal([
      `purchase_order.created purchase_orders/${id}`,
      `purchase_order.updated purchase_orders/${id}`,
      `purchase_order.moved purchase_orders/${id}`,
    ]);
    const kept = readFileSync(cursorFile, 'utf8');
    const again = await run('follow-events', [cursorFile, 'purchase_order.*', '--once']);
    expect(again).to.include({ status: 0, stdout: '' });
    expect(readFileSync(cursorFile, 'utf8')).to.equal(kept);
  });

  it('webhook-receiver handles a signed delivery once and refuses a tampered or stale one with 400', async () => {
    const { moved } = await movedOrder('EVR-1');
    const secret = generateWebhookSecret();
    const receiver = spawn(process.execPath, [join(EXAMPLES, 'dist/sdk/webhook-receiver.js'), '0'], {
      env: { ...process.env, WH_WEBHOOK_SECRET: secret },
    });
    let stdout = '';
    let stderr = '';
    receiver.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    receiver.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await once(receiver.stdout, 'data');
      const url = /^listening on (\S+)$/m.exec(stdout)?.[1];
      expect(url, stdout + stderr).to.be.a('string');
      const body = JSON.stringify(moved);
      const deliver = (headers: Record<string, string>, text = body) =>
        fetch(url!, { method: 'POST', body: text, headers: { 'Content-Type': 'application/json', ...headers } });
      const signed = signWebhook({ id: moved.id, body, secret });
      expect((await deliver(signed)).status).to.equal(204);
      expect((await deliver(signed)).status).to.equal(204);
      expect((await deliver(signed, body.replace('EVR-1', 'EVR-2'))).status).to.equal(400);
      const stale = signWebhook({ id: moved.id, body, secret, timestamp: new Date(Date.now() - 600_000) });
      const refused = await deliver(stale);
      expect(refused.status).to.equal(400);
      expect(await refused.text()).to.match(/is more than 300 s old/);
      expect(stdout.split('\n').slice(1)).to.deep.equal([
        'purchase_order.moved EVR-1 from Toronto DC to Vancouver DC',
        `duplicate ${moved.id}, already handled`,
        '',
      ]);
      expect(stderr).to.match(/^refused: no webhook signature matches the secret\nrefused: webhook-timestamp /);
    } finally {
      receiver.kill('SIGINT');
      await once(receiver, 'close');
    }
  });
});
