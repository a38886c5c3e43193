import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { OrganizationFixture } from '../src/provision/fixture.js';
import { createOrder, orderBody } from './support/purchase-orders.js';

/**
 * Toronto requires catalog products and an expected start, and trusts the customers its
 * orders create; Vancouver creates no customers; Auckland keeps the defaults.
 */
function withSettings(organization: OrganizationFixture): OrganizationFixture {
  const [toronto, vancouver, auckland] = organization.locations;
  toronto!.settings = {
    require_catalog_products: true,
    required_po_fields: ['expected_starts_at', 'carrier_name'],
    new_customer_auto_approve: true,
    new_customer_can_create_carriers: true,
  };
  vancouver!.settings = { allow_customer_creation: false };
  auckland!.settings = {};
  return organization;
}

describe('purchase orders and warehouse rules', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ shape: withSettings })));
  after(() => server.close());

  const torontoRequired = { expected_starts_at: '2030-01-01T09:00:00', carrier_name: 'Fast Freight' };
  const create = async (fields: Record<string, unknown> = {}) => await createOrder(world.as('admin'), fields);
  const patch = (id: number, fields: Record<string, unknown>) =>
    world.as('admin').patch(`/purchase_orders/${id}`, { purchase_order: fields });
  const current = async (id: number) => (await world.as('admin').get(`/purchase_orders/${id}`)).body;
  const customerNamed = async (name: string) => {
    const res = await world.as('admin').get('/companies', { name, company_type: 'customer' });
    return res.body.filter((company: { name: string }) => company.name.toLowerCase() === name.toLowerCase());
  };

  describe('catalog products', () => {
    it('accepts item names of the warehouse catalog case-insensitively and stores them as sent', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        ...torontoRequired,
        purchase_order_items: [{ product_name: ' aPPles ', quantity: 1 }],
      });
      expect(order.purchase_order_items[0].product_name).to.equal('aPPles');
    });

    it('rejects names outside the catalog of a warehouse that requires catalog products', async () => {
      const res = await world.as('admin').post(
        '/purchase_orders',
        orderBody({
          location_name: 'Toronto DC',
          ...torontoRequired,
          purchase_order_items: [
            { product_name: 'Apples', quantity: 1 },
            { product_name: 'Durian', quantity: 1 },
          ],
        }),
      );
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'purchase_order_items[1].product_name': ['is not a product of Toronto DC, which accepts only catalog products'],
      });
    });

    it('applies the rule on updates without a location selector', async () => {
      const order = await create({ location_name: 'Toronto DC', ...torontoRequired });
      const res = await patch(order.id, { purchase_order_items: [{ product_name: 'Durian', quantity: 1 }] });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('purchase_order_items[0].product_name');
    });

    it('takes any name on unassigned orders and at warehouses without the rule', async () => {
      await create({ purchase_order_items: [{ product_name: 'Durian', quantity: 1 }] });
      await create({ location_name: 'Auckland DC', purchase_order_items: [{ product_name: 'Durian', quantity: 1 }] });
    });

    it(
      'checks the items an order already has when it moves ' + 'to such a warehouse, changing nothing on failure',
      async () => {
        const order = await create({
          purchase_order_items: [
            { product_name: 'Durian', quantity: 1 },
            { product_name: 'Bananas', quantity: 1 },
          ],
        });
        const res = await patch(order.id, { location_name: 'Toronto DC', ...torontoRequired });
        expect(res.status).to.equal(422);
        const durian = order.purchase_order_items[0].id;
        expect(res.body.errors).to.deep.equal({
          [`purchase_order_items[id=${durian}].product_name`]: [
            'is not a product of Toronto DC, which accepts only catalog products',
          ],
        });
        expect(await current(order.id)).to.deep.equal(order);
        const fixed = await patch(order.id, {
          location_name: 'Toronto DC',
          ...torontoRequired,
          purchase_order_items: [{ id: durian, _destroy: true }],
        });
        expect(fixed.status).to.equal(200);
        expect(
          fixed.body.purchase_order_items.map((item: { product_name: string }) => item.product_name),
        ).to.deep.equal(['Bananas']);
      },
    );
  });

  describe('required fields', () => {
    it('requires the fields the warehouse lists on orders assigned to it', async () => {
      const res = await world
        .as('admin')
        .post('/purchase_orders', orderBody({ location_name: 'Toronto DC', carrier_name: '  ' }));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        expected_starts_at: ["can't be blank (Toronto DC requires it)"],
        carrier_name: ["can't be blank (Toronto DC requires it)"],
      });
    });

    it('keeps requiring them on updates and moves, but not once the order is unassigned', async () => {
      const order = await create({ location_name: 'Toronto DC', ...torontoRequired });
      const cleared = await patch(order.id, { carrier_name: null });
      expect(cleared.status).to.equal(422);
      expect(cleared.body.errors).to.have.all.keys('carrier_name');
      const unassigned = await create();
      const moved = await patch(unassigned.id, {
        location_name: 'Toronto DC',
        expected_starts_at: '2030-01-01T09:00:00',
      });
      expect(moved.status).to.equal(422);
      expect(moved.body.errors).to.have.all.keys('carrier_name');
      const released = await patch(order.id, { location_name: null, carrier_name: null, expected_starts_at: null });
      expect(released.status).to.equal(200);
    });
  });

  describe('customers', () => {
    it('matches an existing customer case-insensitively with spaces ignored, creating none', async () => {
      const order = await create({
        location_name: 'Vancouver DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: '  FRESH market ' }],
      });
      expect(order.purchase_order_items[0].customer_name).to.equal('Fresh Market');
      expect(await customerNamed('Fresh Market')).to.have.length(1);
    });

    it('does not match a carrier of the same name; it creates a customer beside it', async () => {
      const order = await create({
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: 'Careful Carriers' }],
      });
      expect(order.purchase_order_items[0].customer_name).to.equal('Careful Carriers');
      expect(await customerNamed('Careful Carriers')).to.have.length(1);
    });

    it('creates an unknown customer from an unassigned order, trusting it with nothing, once per name', async () => {
      const name = uniqueId('Customer ');
      const order = await create({
        purchase_order_items: [
          { product_name: 'Apples', quantity: 1, customer_name: name },
          { product_name: 'Pears', quantity: 1, customer_name: name.toUpperCase() },
        ],
      });
      expect(order.purchase_order_items.map((item: { customer_name: string }) => item.customer_name)).to.deep.equal([
        name,
        name,
      ]);
      const [customer, ...others] = await customerNamed(name);
      expect(others).to.deep.equal([]);
      expect(customer).to.include({
        company_type: 'customer',
        auto_approve_appointments: false,
        can_create_carriers: false,
      });
    });

    it("creates an unknown customer with the assigned warehouse's defaults", async () => {
      const name = uniqueId('Customer ');
      await create({
        location_name: 'Toronto DC',
        ...torontoRequired,
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: name }],
      });
      expect((await customerNamed(name))[0]).to.include({ auto_approve_appointments: true, can_create_carriers: true });
    });

    it('refuses an unknown customer where the warehouse does not allow creating customers, saying why', async () => {
      const name = uniqueId('Customer ');
      const res = await world.as('admin').post(
        '/purchase_orders',
        orderBody({
          location_name: 'Vancouver DC',
          purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: name }],
        }),
      );
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'purchase_order_items[0].customer_name': [
          'names no customer of the organization, and Vancouver DC does not allow purchase orders to create customers',
        ],
      });
      expect(await customerNamed(name)).to.deep.equal([]);
    });

    it("applies the warehouse's setting on updates without a selector", async () => {
      const order = await create({
        location_name: 'Vancouver DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1 }],
      });
      const res = await patch(order.id, {
        purchase_order_items: [{ id: order.purchase_order_items[0].id, customer_name: uniqueId('Customer ') }],
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.have.all.keys('purchase_order_items[0].customer_name');
    });

    it("uses the destination's settings on a move and the unassigned defaults when clearing", async () => {
      const order = await create({ location_name: 'Auckland DC' });
      const refused = await patch(order.id, {
        location_name: 'Vancouver DC',
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: uniqueId('Customer ') }],
      });
      expect(refused.status).to.equal(422);
      expect((await current(order.id)).location_name).to.equal('Auckland DC');

      const trusted = uniqueId('Customer ');
      expect(
        (
          await patch(order.id, {
            location_name: 'Toronto DC',
            ...torontoRequired,
            purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: trusted }],
          })
        ).status,
      ).to.equal(200);
      expect((await customerNamed(trusted))[0]).to.include({ auto_approve_appointments: true });

      const untrusted = uniqueId('Customer ');
      expect(
        (
          await patch(order.id, {
            location_name: null,
            purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: untrusted }],
          })
        ).status,
      ).to.equal(200);
      expect((await customerNamed(untrusted))[0]).to.include({
        auto_approve_appointments: false,
        can_create_carriers: false,
      });
    });

    it('clears an item customer with null or a blank name', async () => {
      const order = await create({
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, customer_name: 'Fresh Market' }],
      });
      const res = await patch(order.id, {
        purchase_order_items: [{ id: order.purchase_order_items[0].id, customer_name: '  ' }],
      });
      expect(res.body.purchase_order_items[0].customer_name).to.equal(null);
    });
  });
});
