import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { OrganizationFixture } from '../src/provision/fixture.js';
import { orderBody } from './support/purchase-orders.js';

/** `lot_code` is text at Toronto and a number at Vancouver; `legacy_ref` is enabled nowhere. */
function withCustomFields(organization: OrganizationFixture): OrganizationFixture {
  organization.custom_fields = [
    {
      key: 'lot_code',
      applies_to: 'purchase_order',
      field_type: 'text',
      rules: { pattern: '^[A-Z]{3}-\\d+$', max_length: 8 },
      locations: ['Toronto DC'],
    },
    { key: 'lot_code', applies_to: 'purchase_order', field_type: 'number', locations: ['Vancouver DC'] },
    {
      key: 'priority',
      applies_to: 'purchase_order',
      field_type: 'select',
      rules: { options: ['low', 'high'] },
      locations: ['Toronto DC', 'Vancouver DC'],
    },
    { key: 'handling', applies_to: 'purchase_order', field_type: 'json', locations: ['Toronto DC'] },
    { key: 'received_on', applies_to: 'purchase_order', field_type: 'date', locations: ['Toronto DC'] },
    {
      key: 'pallets',
      applies_to: 'purchase_order',
      field_type: 'number',
      rules: { min: 1, max: 30 },
      locations: ['Toronto DC'],
    },
    { key: 'legacy_ref', applies_to: 'purchase_order', field_type: 'text' },
    {
      key: 'temperature',
      applies_to: 'purchase_order_item',
      field_type: 'number',
      rules: { min: -30, max: 10 },
      locations: ['Toronto DC'],
    },
    {
      key: 'fragile',
      applies_to: 'purchase_order_item',
      field_type: 'boolean',
      locations: ['Toronto DC', 'Vancouver DC'],
    },
  ];
  return organization;
}

const conflict =
  'has conflicting types (text, number) among the definitions that apply in the organization (the order is ' +
  'unassigned); assign the order to a warehouse with an unambiguous definition or make the types consistent';

describe('purchase order custom fields', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ shape: withCustomFields })));
  after(() => server.close());

  const post = (fields: Record<string, unknown>) => world.as('admin').post('/purchase_orders', orderBody(fields));
  const create = async (fields: Record<string, unknown> = {}) => {
    const res = await post(fields);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body;
  };
  const patch = (id: number, fields: Record<string, unknown>) =>
    world.as('admin').patch(`/purchase_orders/${id}`, { purchase_order: fields });
  const current = async (id: number) => (await world.as('admin').get(`/purchase_orders/${id}`)).body;

  describe('values', () => {
    it('stores text-like values as strings and JSON values as they are', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        custom_values: {
          lot_code: 'ABC-12',
          priority: 'high',
          handling: { stack: false, layers: [1, 2] },
          received_on: '2025-07-01',
          pallets: 3,
        },
        purchase_order_items: [
          { product_name: 'Apples', quantity: 1, custom_values: { temperature: -5.5, fragile: true } },
        ],
      });
      expect(order.custom_values).to.deep.equal({
        lot_code: 'ABC-12',
        priority: 'high',
        handling: { stack: false, layers: [1, 2] },
        received_on: '2025-07-01',
        pallets: '3',
      });
      expect(order.purchase_order_items[0].custom_values).to.deep.equal({ temperature: '-5.5', fragile: 'true' });
      const list = await create({ location_name: 'Toronto DC', custom_values: { handling: ['top', 'bottom'] } });
      expect(list.custom_values).to.deep.equal({ handling: ['top', 'bottom'] });
    });

    it('rejects values that break their field rules with 422 naming each field', async () => {
      const res = await post({
        location_name: 'Toronto DC',
        custom_values: {
          lot_code: 'abc-1',
          priority: 'urgent',
          handling: 'fragile',
          received_on: '2025-02-30',
          pallets: 0,
        },
        purchase_order_items: [
          { product_name: 'Apples', quantity: 1, custom_values: { temperature: 'cold', fragile: 'yes' } },
        ],
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'custom_values.lot_code': ['does not match the pattern ^[A-Z]{3}-\\d+$'],
        'custom_values.priority': ['must be one of: low, high'],
        'custom_values.handling': ['must be a JSON object or array'],
        'custom_values.received_on': ['must be a date written YYYY-MM-DD'],
        'custom_values.pallets': ['must be at least 1'],
        'purchase_order_items[0].custom_values.temperature': ['must be a number'],
        'purchase_order_items[0].custom_values.fragile': ['must be true or false'],
      });
    });

    it('checks lengths, upper bounds and structured values given to text-like fields', async () => {
      const res = await post({
        location_name: 'Toronto DC',
        custom_values: { lot_code: 'ABC-123456', pallets: 31, priority: ['high'] },
        purchase_order_items: [{ product_name: 'Apples', quantity: 1, custom_values: { temperature: 10.5 } }],
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'custom_values.lot_code': ['is too long (at most 8 characters)'],
        'custom_values.pallets': ['must be at most 30'],
        'custom_values.priority': ["must be a string, number or boolean (the field's type is select)"],
        'purchase_order_items[0].custom_values.temperature': ['must be at most 10'],
      });
    });

    it('answers 422 for a key that is not a field here, including an item field used on the order', async () => {
      const res = await post({
        location_name: 'Toronto DC',
        custom_values: { colour: 'red', temperature: 3, legacy_ref: 'x' },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'custom_values.colour': ['is not a custom field of purchase orders at Toronto DC'],
        'custom_values.temperature': ['is not a custom field of purchase orders at Toronto DC'],
        'custom_values.legacy_ref': ['is not a custom field of purchase orders at Toronto DC'],
      });
    });
  });

  describe('which definitions apply', () => {
    it('lets unassigned orders use every definition of the organization, even one enabled nowhere', async () => {
      const order = await create({
        custom_values: { legacy_ref: 'OLD-1', priority: 'low', handling: {} },
        purchase_order_items: [{ product_name: 'A', quantity: 1, custom_values: { temperature: 0 } }],
      });
      expect(order.custom_values).to.deep.equal({ legacy_ref: 'OLD-1', priority: 'low', handling: {} });
    });

    it(
      'refuses a key whose definitions disagree on the ' + 'type on an unassigned order, saying how to resolve it',
      async () => {
        const res = await post({ custom_values: { lot_code: 'ABC-1' } });
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.deep.equal({ 'custom_values.lot_code': [conflict] });
      },
    );

    it('accepts that key on an order assigned to a warehouse with one definition of it', async () => {
      expect(
        (await create({ location_name: 'Toronto DC', custom_values: { lot_code: 'ABC-1' } })).custom_values,
      ).to.deep.equal({ lot_code: 'ABC-1' });
      expect(
        (await create({ location_name: 'Vancouver DC', custom_values: { lot_code: 42 } })).custom_values,
      ).to.deep.equal({ lot_code: '42' });
      const wrongType = await post({ location_name: 'Vancouver DC', custom_values: { lot_code: 'ABC-1' } });
      expect(wrongType.status).to.equal(422);
      expect(wrongType.body.errors).to.deep.equal({ 'custom_values.lot_code': ['must be a number'] });
    });

    it("uses the warehouse's definitions on updates without location_name", async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const res = await patch(order.id, { custom_values: { legacy_ref: 'x' } });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'custom_values.legacy_ref': ['is not a custom field of purchase orders at Toronto DC'],
      });
    });
  });

  describe('updates', () => {
    it('merges sent keys into the current values, removing those set to null', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        custom_values: { lot_code: 'ABC-1', priority: 'low', pallets: 2 },
      });
      const res = await patch(order.id, { custom_values: { priority: 'high', pallets: null } });
      expect(res.status).to.equal(200);
      expect(res.body.custom_values).to.deep.equal({ lot_code: 'ABC-1', priority: 'high' });
      const untouched = await patch(order.id, { custom_values: {} });
      expect(untouched.body.custom_values).to.deep.equal({ lot_code: 'ABC-1', priority: 'high' });
    });

    it('keeps every key when several updates merge values into the same order at once', async () => {
      const order = await create({ location_name: 'Toronto DC' });
      const updates = [
        { priority: 'high' },
        { pallets: 3 },
        { received_on: '2025-01-01' },
        { handling: { stack: true } },
      ];
      const results = await Promise.all(updates.map((custom_values) => patch(order.id, { custom_values })));
      expect(results.map((res) => res.status)).to.deep.equal([200, 200, 200, 200]);
      expect((await current(order.id)).custom_values).to.deep.equal({
        priority: 'high',
        pallets: '3',
        received_on: '2025-01-01',
        handling: { stack: true },
      });
    });

    it('merges item values by id in the same way', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'A', quantity: 1, custom_values: { temperature: 4, fragile: false } }],
      });
      const res = await patch(order.id, {
        purchase_order_items: [
          { id: order.purchase_order_items[0].id, custom_values: { temperature: null, fragile: true } },
        ],
      });
      expect(res.body.purchase_order_items[0].custom_values).to.deep.equal({ fragile: 'true' });
    });

    it(
      "checks every current value against the destination's " + 'fields on a move, changing nothing on failure',
      async () => {
        const order = await create({
          location_name: 'Toronto DC',
          custom_values: { lot_code: 'ABC-1', handling: { stack: true }, priority: 'low' },
        });
        const res = await patch(order.id, { location_name: 'Vancouver DC', notes: 'moved' });
        expect(res.status).to.equal(422);
        expect(res.body.errors).to.deep.equal({
          'custom_values.lot_code': ['must be a number'],
          'custom_values.handling': [
            'is not a custom field of purchase orders at Vancouver DC; set it to null to remove it',
          ],
        });
        expect(await current(order.id)).to.deep.equal(order);

        const moved = await patch(order.id, {
          location_name: 'Vancouver DC',
          custom_values: { lot_code: 7, handling: null },
        });
        expect(moved.status).to.equal(200);
        expect(moved.body.custom_values).to.deep.equal({ lot_code: '7', priority: 'low' });
      },
    );

    it('checks the values of items the request does not mention on a move', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        purchase_order_items: [{ product_name: 'A', quantity: 1, custom_values: { temperature: 4, fragile: true } }],
      });
      const item = order.purchase_order_items[0].id;
      const res = await patch(order.id, { location_name: 'Vancouver DC' });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        [`purchase_order_items[id=${item}].custom_values.temperature`]: [
          'is not a custom field of purchase order items at Vancouver DC; set it to null to remove it',
        ],
      });
      expect(await current(order.id)).to.deep.equal(order);
      const fixed = await patch(order.id, {
        location_name: 'Vancouver DC',
        purchase_order_items: [{ id: item, custom_values: { temperature: null } }],
      });
      expect(fixed.status).to.equal(200);
      expect(fixed.body.purchase_order_items[0].custom_values).to.deep.equal({ fragile: 'true' });
    });

    it('uses the organization definitions on unassignment, where an ambiguous key must be removed', async () => {
      const order = await create({
        location_name: 'Toronto DC',
        custom_values: { lot_code: 'ABC-1', priority: 'high' },
      });
      const refused = await patch(order.id, { location_name: null });
      expect(refused.status).to.equal(422);
      expect(refused.body.errors).to.deep.equal({ 'custom_values.lot_code': [conflict] });
      expect((await current(order.id)).location_name).to.equal('Toronto DC');
      const cleared = await patch(order.id, {
        location_name: null,
        custom_values: { lot_code: null, legacy_ref: 'kept' },
      });
      expect(cleared.status).to.equal(200);
      expect(cleared.body.custom_values).to.deep.equal({ priority: 'high', legacy_ref: 'kept' });
    });

    it('lets an assignment resolve an ambiguous key', async () => {
      const order = await create({ custom_values: { priority: 'low' } });
      const res = await patch(order.id, { location_name: 'Vancouver DC', custom_values: { lot_code: 12 } });
      expect(res.status).to.equal(200);
      expect(res.body.custom_values).to.deep.equal({ priority: 'low', lot_code: '12' });
    });
  });
});
