import { readFileSync, writeFileSync } from 'node:fs';
import {
  type ChildServer,
  createWorld,
  locationNames,
  send,
  startChildServer,
  startTestServer,
  stopChildServer,
  type TestServer,
  testDatabaseUrl,
  testOrm,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { rowIdOf } from './support/record-rows.js';

const MB = 1024 * 1024;
const long = (length: number, letter = 'x') => letter.repeat(length);

/** Peak resident memory of a process since the last reset, in bytes (Linux). */
function peakRss(pid: number): number {
  const kilobytes = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1];
  return Number(kilobytes) * 1024;
}

describe('memory: records at every maximum, listed 100 at a time, three lists at once', () => {
  let server: TestServer;
  let world: World;
  let child: ChildServer;

  before(async function () {
    this.timeout(60_000);
    server = await startTestServer();
    // Text custom fields without rules, so that the values can fill the whole budget.
    world = await createWorld(server, (organization) => ({
      ...organization,
      custom_fields: Array.from({ length: 10 }, (_, i) => ({
        key: `field_${i}`.padEnd(64, 'f'),
        label: `Field ${i}`,
        applies_to: 'purchase_order' as const,
        field_type: 'text' as const,
        locations: [locationNames.toronto],
      })),
    }));
    child = await startChildServer([], { ...process.env, DATABASE_URL: testDatabaseUrl(), WH_BASE_HOST: 'wh.test' });
  });
  after(async () => {
    await stopChildServer(child.child);
    await server.close();
  });

  it('stores an order at every maximum through the API, and lists 100 of them three at once under 300 MB', async function () {
    this.timeout(120_000);
    const customValues = Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [`field_${i}`.padEnd(64, 'f'), long(1000, 'v')]),
    );
    const maximal = await world.as('admin').post('/purchase_orders', {
      purchase_order: {
        po_number: long(64, 'P'),
        location_name: locationNames.toronto,
        expected_starts_at: '2026-06-01T09:00:00',
        expected_ends_at: '2026-06-01T17:00:00',
        carrier_name: long(255, 'c'),
        reference_numbers: Array.from({ length: 20 }, (_, i) => `${i}`.padEnd(64, 'r')),
        notes: long(2000, 'n'),
        custom_values: customValues,
        purchase_order_items: Array.from({ length: 50 }, (_, i) => ({
          product_name: `${i}`.padEnd(255, 'p'),
          quantity: 999_999_999.5,
          customer_name: long(255, 'C'),
        })),
      },
    });
    expect(maximal.status, JSON.stringify(maximal.body).slice(0, 500)).to.equal(200);
    // One more custom value character, anywhere, would break the order's budget.
    const over = await world.as('admin').patch(`/purchase_orders/${maximal.body.id}`, {
      purchase_order: { custom_values: { [`field_9`.padEnd(64, 'f')]: long(1000) } },
    });
    expect(over.status).to.equal(422);
    expect(over.body.errors.custom_values[0]).to.include('at most 10000');

    // 99 copies, made by the database: the API has already shown it accepts this order.
    const connection = (await testOrm()).em.getConnection();
    const original = await rowIdOf(world, 'purchase_orders', maximal.body.id);
    await connection.execute(
      `insert into purchase_orders (organization_id, location_id, po_number, expected_starts_at, expected_ends_at,
         earliest_assignment_date, carrier_name, reference_numbers, notes, custom_values)
       select organization_id, location_id, left(po_number, 60) || lpad(g::text, 4, '0'), expected_starts_at,
         expected_ends_at, earliest_assignment_date, carrier_name, reference_numbers, notes, custom_values
       from purchase_orders, generate_series(1, 99) g where id = ?`,
      [original],
    );
    await connection.execute(
      `insert into purchase_order_items (organization_id, purchase_order_id, product_name, quantity, customer_id,
         custom_values)
       select i.organization_id, copy.id, i.product_name, i.quantity, i.customer_id, i.custom_values
       from purchase_order_items i, purchase_orders copy
       where i.purchase_order_id = ? and copy.organization_id = i.organization_id and copy.id <> ?`,
      [original, original],
    );

    const pid = child.child.pid!;
    writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets the peak to the current resident size
    const list = () =>
      send(child.port, world.host(), 'GET', '/api/v1/purchase_orders', {
        query: { per_page: 100 },
        headers: { authorization: `Token ${world.token('admin')}` },
      });
    const lists = await Promise.all([list(), list(), list()]);
    for (const res of lists) {
      expect(res.status).to.equal(200);
      expect(res.body).to.have.length(100);
      expect(res.body[99].purchase_order_items).to.have.length(50);
      expect(Buffer.byteLength(JSON.stringify(res.body))).to.be.below(6 * MB);
    }
    expect(peakRss(pid)).to.be.below(300 * MB);
  });
});
