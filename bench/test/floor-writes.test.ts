// The bench's floor writes (DECISIONS 266, 267): with events, each write's event row holds what
// the floor answered, serialised once for both; without, the same write leaves no event. The
// events' cost measured between the two floors is only honest if that is all that differs.
import { provision } from '@warehouse-kit/server';
import { standardOrganization, testDatabaseUrl, testOrm, uniqueId } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import pg from 'pg';
import { changeItem, createOrder, type FloorWrites, type NewOrder } from '../src/floor-writes.js';

describe('the bench floor’s writes', () => {
  let pool: pg.Pool;
  let writes: Omit<FloorWrites, 'events'>;

  before(async () => {
    const organization = standardOrganization(uniqueId());
    await provision((await testOrm()).em, { organizations: [organization] });
    pool = new pg.Pool({ connectionString: testDatabaseUrl(), max: 2 });
    const { rows } = await pool.query(
      `select organization_id as "organizationId", id as "locationId" from locations where subdomain = $1`,
      [organization.locations[0]!.subdomain],
    );
    writes = rows[0];
  });
  after(() => pool.end());

  /** An order with a name that must reach its event row as it was sent. */
  const newOrder = (poNumber: string): NewOrder => ({
    purchase_order: {
      po_number: poNumber,
      location_name: 'Toronto DC',
      purchase_order_items: [
        { product_name: `O'Hara \\ "crates"`, quantity: 3 },
        { product_name: 'Bananas', quantity: 12 },
      ],
    },
  });

  const eventRowsOf = async (orderId: number) =>
    (
      await pool.query<{ type: string; data: unknown; location_id: number }>(
        'select type, data, location_id from events where organization_id = $1 and record_id = $2 order by id',
        [writes.organizationId, orderId],
      )
    ).rows;

  it('writes a new order’s event holding the order exactly as it answered', async () => {
    const answer = JSON.parse(await createOrder(pool, { ...writes, events: true }, newOrder(uniqueId('PO-'))));
    expect(answer.purchase_order_items.map((item: { product_name: string }) => item.product_name)).to.deep.equal([
      `O'Hara \\ "crates"`,
      'Bananas',
    ]);
    const events = await eventRowsOf(answer.id);
    expect(events).to.deep.equal([
      { type: 'purchase_order.created', data: { object: answer }, location_id: writes.locationId },
    ]);
  });

  it('writes a changed item’s event holding the item, in its order, as it answered', async () => {
    const order = JSON.parse(await createOrder(pool, { ...writes, events: false }, newOrder(uniqueId('PO-'))));
    const [item] = order.purchase_order_items;
    const change = { purchase_order: { purchase_order_items: [{ id: item.id, quantity: 7 }] } };
    const changed = JSON.parse(await changeItem(pool, { ...writes, events: true }, order.id, change));
    expect(changed).to.include({ id: item.id, quantity: '7' });
    expect(await eventRowsOf(order.id)).to.deep.equal([
      {
        type: 'purchase_order.updated',
        data: { object: { id: order.id, purchase_order_items: [changed] } },
        location_id: writes.locationId,
      },
    ]);
  });

  it('writes the same without events, and no event', async () => {
    const withEvent = JSON.parse(await createOrder(pool, { ...writes, events: true }, newOrder(uniqueId('PO-'))));
    const without = JSON.parse(await createOrder(pool, { ...writes, events: false }, newOrder(uniqueId('PO-'))));
    expect(Object.keys(without)).to.deep.equal(Object.keys(withEvent));
    expect(without.purchase_order_items).to.have.length(2);
    const [item] = without.purchase_order_items;
    await changeItem(pool, { ...writes, events: false }, without.id, {
      purchase_order: { purchase_order_items: [{ id: item.id, quantity: 9 }] },
    });
    expect(await eventRowsOf(without.id)).to.deep.equal([]);
    const { rows } = await pool.query(
      'select quantity from purchase_order_items where organization_id = $1 and public_id = $2',
      [writes.organizationId, item.id],
    );
    expect(rows[0].quantity).to.equal('9');
  });
});
