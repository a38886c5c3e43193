import { expect } from 'chai';
import type { TestServer } from '../src/testing/server.js';
import { startWorld, uniqueId, type World } from '../src/testing/world.js';
import { createOrder } from './support/purchase-orders.js';

// What a user learns of locations where it has no role (DECISIONS 142). `integration` is admin
// at Toronto, read-only at Vancouver and has no role at Auckland.
describe('what a user learns of locations it has no role at', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const orderAt = async (location: string | null) =>
    (await createOrder(world.as('admin'), { location_name: location })) as { id: number; po_number: string };
  const upload = (poNumber: string) =>
    world
      .as('integration', 'toronto')
      .post('/bulk_uploads', { bulk_upload: { purchase_orders: [{ po_number: poNumber }] } });

  describe('order numbers in use', () => {
    it('answers a bulk upload row for an order it cannot see as a create does, naming no location', async () => {
      const hidden = await orderAt('Auckland DC');
      const res = await upload(hidden.po_number);
      const create = await world.as('integration').post('/purchase_orders', {
        purchase_order: { po_number: hidden.po_number, location_name: 'Toronto DC' },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ 'purchase_orders[0].po_number': ['has already been taken'] });
      expect(create.status).to.equal(422);
      expect(create.body.errors).to.deep.equal({ po_number: ['has already been taken'] });
    });

    it('answers a number held where the user may read exactly like one held where it has no role, on create', async () => {
      const hidden = await orderAt('Auckland DC');
      const readable = await orderAt('Vancouver DC');
      const answers = await Promise.all(
        [hidden, readable].map((order) =>
          world.as('integration').post('/purchase_orders', { purchase_order: { po_number: order.po_number } }),
        ),
      );
      expect(answers.map((res) => res.status)).to.deep.equal([422, 422]);
      expect(answers[0]!.body.errors).to.deep.equal(answers[1]!.body.errors);
      expect(JSON.stringify(answers[0]!.body)).not.to.include('Auckland');
    });

    it('names the location of an order the user can see in a bulk upload row', async () => {
      const readable = await orderAt('Vancouver DC');
      const res = await upload(readable.po_number);
      expect(res.status).to.equal(422);
      expect(res.body.errors['purchase_orders[0].po_number'][0]).to.include('another location (Vancouver DC)');
    });

    it('shows an order it cannot see neither by number nor by id', async () => {
      const hidden = await orderAt('Auckland DC');
      expect(
        (await world.as('integration').get('/purchase_orders', { po_number: hidden.po_number })).body,
      ).to.deep.equal([]);
      expect((await world.as('integration').get(`/purchase_orders/${hidden.id}`)).status).to.equal(404);
      expect((await world.as('integration').get(`/purchase_orders/${2_000_000_000}`)).status).to.equal(404);
    });
  });

  describe('where the reference requires 403 (§4.1 rule 6, §4.6, §7)', () => {
    it('answers a location filter naming a location without a role 403 and an unknown one 404, in one body shape', async () => {
      const inaccessible = await world.as('integration').get('/purchase_orders', { location_name: 'Auckland DC' });
      const unknown = await world.as('integration').get('/purchase_orders', { location_name: uniqueId('Nowhere ') });
      expect(inaccessible.status).to.equal(403);
      expect(unknown.status).to.equal(404);
      expect(Object.keys(inaccessible.body).sort()).to.deep.equal(Object.keys(unknown.body).sort());
    });

    it('answers a destination without a role 403', async () => {
      const order = await orderAt(null);
      const res = await world
        .as('integration')
        .patch(`/purchase_orders/${order.id}`, { purchase_order: { location_name: 'Auckland DC' } });
      expect(res.status).to.equal(403);
    });
  });
});
