import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('request validation', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  it('answers 400 for a NUL character in a query or a path, and 422 naming the field in a body', async () => {
    const admin = world.as('admin');
    const inQuery = await admin.get('/purchase_orders', { po_number: 'PO\u0000' });
    expect(inQuery.status).to.equal(400);
    expect(inQuery.body.error).to.equal(
      'query parameter po_number contains a NUL character (U+0000), which text cannot hold',
    );
    expect((await admin.get('/products/%00')).status).to.equal(400);
    const inBody = await admin.post('/products', {
      product: { name: 'Nul\u0000', sku: 'NUL-1', location_name: 'Toronto DC' },
    });
    expect(inBody.status).to.equal(422);
    expect(inBody.body.errors).to.deep.equal({ name: ['must not contain the NUL character (U+0000)'] });
    const inKey = await admin.post('/purchase_orders', {
      purchase_order: { po_number: 'PO-NUL', custom_values: { 'a\u0000': 'x' } },
    });
    expect(inKey.status).to.equal(422);
    // The key is echoed with its NUL escaped, so the answer can be stored (DECISIONS 152).
    expect(inKey.body.errors).to.have.property('custom_values.a\\u0000');
  });

  it('answers 422 for a body time the database cannot hold, and 400 for such a query time', async () => {
    const admin = world.as('admin');
    const order = await admin.post('/purchase_orders', {
      purchase_order: { po_number: 'PO-YEAR', expected_starts_at: '0001-01-01T00:00:00Z' },
    });
    expect(order.status).to.equal(422);
    expect(order.body.errors).to.deep.equal({ expected_starts_at: ['must be between 1000-01-02 and 9999-12-30'] });
    const appointment = await admin.post('/appointments', {
      appointment: { location_name: 'Toronto DC', scheduled_at: '9999-12-31T23:00:00' },
    });
    expect(appointment.status).to.equal(422);
    const query = await admin.get('/appointments', { start_time: '0099-01-01T00:00:00' });
    expect(query.status).to.equal(400);
    expect(query.body.error).to.equal('query parameter start_time must be between 1000-01-02 and 9999-12-30');
  });

  it('answers 400 for a repeated query parameter and ignores unknown ones', async () => {
    const admin = world.as('admin');
    const repeated = await admin.request('GET', '/products?page=1&page=2');
    expect(repeated.status).to.equal(400);
    expect(repeated.body.error).to.include('page');
    const unknown = await admin.get('/products', { cache_buster: 123 });
    expect(unknown.status).to.equal(200);
  });

  it('keys 422 messages by the path of the field inside nested records', async () => {
    const res = await world.as('admin').post('/purchase_orders', {
      purchase_order: {
        po_number: 'PO-NESTED',
        purchase_order_items: [
          { product_name: 'Apples', quantity: 1 },
          { product_name: 'Pears', quantity: 0, colour: 'green' },
        ],
      },
    });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal({
      'purchase_order_items[1].quantity': ['must be greater than 0'],
      'purchase_order_items[1].colour': ['is not a known attribute'],
    });
  });

  it('answers 422 naming the field when a nested value has the wrong type', async () => {
    const res = await world.as('admin').post('/purchase_orders', {
      purchase_order: { po_number: 'PO-TYPE', purchase_order_items: [{ product_name: 'Apples', quantity: 'ten' }] },
    });
    expect(res.status).to.equal(422);
    expect(res.body.errors).to.deep.equal({ 'purchase_order_items[0].quantity': ['must be a number'] });
  });

  it("tells a custom value's problem by the value's own type, one alternative of the anyOf per type (DECISIONS 355)", async () => {
    const res = await world.as('admin').post('/purchase_orders', {
      purchase_order: {
        po_number: 'PO-CUSTOM-BOUNDS',
        custom_values: { note: 'x'.repeat(1001), pallets: Array.from({ length: 21 }, () => 1) },
      },
    });
    expect(res.status).to.equal(422);
    // The bound of the string and of the array alone, as the type list with its keywords said it.
    expect(res.body.errors).to.deep.equal({
      'custom_values.note': ['is too long (at most 1000 characters)'],
      'custom_values.pallets': ['has too many entries (at most 20)'],
    });
  });
});
