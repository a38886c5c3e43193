import { listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';
import { createOrder } from './support/purchase-orders.js';

/** Ids no record has: a refusal before any lookup answers them as it answers a record's. */
const UNKNOWN = { integer: 2_147_483_000, event: 'evt_1' };

// What a user learns of locations where it has no role (DECISIONS 142). `integration` is admin
// at Toronto, read-only at Vancouver and has no role at Auckland.
describe('what a user learns of locations it has no role at', () => {
  let server: TestServer;
  let world: World;

  // Webhook endpoints on loopback, which are never enabled.
  before(async () => ({ server, world } = await startWorld({ config: { webhookAllowPrivate: true } })));
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

  describe('on a location interface where it has no role (DECISIONS 436)', () => {
    /** The ids of records at Auckland, by the path they are read at. */
    const records = new Map<string, number>();
    const outsider = () => world.as('integration', 'auckland');
    const refusal = () => `you have no access to this location interface (${world.id}-auckland)`;

    before(async () => {
      const admin = world.as('admin');
      const product = await admin.post('/products', {
        product: { name: uniqueId('Kiwi '), location_name: 'Auckland DC' },
      });
      records.set('/products/{id}', product.body.id);
      const appointment = await createAppointment(admin, {
        location_name: 'Auckland DC',
        scheduled_at: '2026-12-01T09:00:00',
        appointment_type: 'pickup',
        dock_name: 'Bay 1',
        carrier_name: 'Fast Freight',
      });
      records.set('/appointments/{id}', appointment.id);
      records.set('/purchase_orders/{id}', (await orderAt('Auckland DC')).id);
      const company = await admin.get('/companies', { name: 'Fast Freight' });
      records.set('/companies/{id}', company.body[0].id);
      const endpoint = await admin.post('/webhook_endpoints', {
        webhook_endpoint: { url: 'http://127.0.0.1/auckland', location_names: ['Auckland DC'], enabled: false },
      });
      expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);
      records.set('/webhook_endpoints/{id}', endpoint.body.id);
    });
    after(async () => {
      await world.as('admin').delete(`/webhook_endpoints/${records.get('/webhook_endpoints/{id}')}`);
    });

    /** The operation's path with a record of Auckland in it where the test has one, or an unknown id. */
    const pathOf = (operation: OperationSpec, known: boolean) =>
      operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const schema = operation.parameters.find((parameter) => parameter.name === name)?.schema;
        if (schema?.type === 'string') return UNKNOWN.event;
        const record = [...records].find(([prefix]) => operation.path.startsWith(prefix));
        return String(known && name === 'id' && record ? record[1] : UNKNOWN.integer);
      });

    // Every operation of the spec, so that one added later is held to the rule too.
    for (const operation of listOperations()) {
      const title = `${operation.method.toUpperCase()} ${operation.path}`;
      it(`answers ${title} 403 before looking anything up, naming no location, for a record and an unknown id`, async () => {
        for (const known of [true, false]) {
          const path = pathOf(operation, known);
          const res = await outsider().request(operation.method.toUpperCase(), path, {
            body: operation.requestBodySchema ? {} : undefined,
          });
          expect(res.status, `${operation.method} ${path}: ${JSON.stringify(res.body)}`).to.equal(403);
          expect(res.body).to.have.keys('error', 'request_id');
          expect(res.body.error).to.equal(refusal());
        }
      });
    }

    it('leaves the records it refused to touch as they were', async () => {
      const admin = world.as('admin');
      for (const path of ['/products/{id}', '/appointments/{id}', '/purchase_orders/{id}', '/webhook_endpoints/{id}']) {
        const res = await admin.get(path.replace('{id}', String(records.get(path))));
        expect(res.status, path).to.equal(200);
      }
      expect((await admin.get(`/appointments/${records.get('/appointments/{id}')}`)).body.state).to.not.equal(
        'cancelled',
      );
    });

    it('answers where it has a role as before', async () => {
      expect((await world.as('integration', 'toronto').get('/locations')).body).to.deep.equal([
        { name: 'Toronto DC', url: `${world.id}-toronto`, time_zone: 'America/Toronto' },
      ]);
    });
  });

  describe('what refusals name', () => {
    it('answers an unpaid location interface without naming its location, which the token may have no role at', async () => {
      const unpaid = await createWorld(server, (organization) => ({
        ...organization,
        locations: organization.locations.map((location) =>
          location.name === 'Auckland DC' ? { ...location, paid: false } : location,
        ),
      }));
      const res = await unpaid.as('integration', 'auckland').get('/locations');
      expect(res.status).to.equal(402);
      expect(res.body.error).to.equal(
        `this location interface (${unpaid.id}-auckland) has no paid subscription; ` +
          'use the organization interface or contact support',
      );
    });

    it('refuses an endpoint for every location to a token without admin access at each, naming none', async () => {
      const res = await world
        .as('integration')
        .post('/webhook_endpoints', { webhook_endpoint: { url: 'http://127.0.0.1/everywhere', enabled: false } });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.equal(
        'an endpoint without location_names covers every location of the organization, present and future, ' +
          'and needs admin access at each; name the locations it should cover in location_names',
      );
      expect((await world.as('integration').get('/webhook_endpoints')).body).to.deep.equal([]);
      // Naming a location the token has no role at is answered as the reference says: 403 naming what it sent.
      const named = await world.as('integration').post('/webhook_endpoints', {
        webhook_endpoint: { url: 'http://127.0.0.1/there', location_names: ['Auckland DC'], enabled: false },
      });
      expect(named.status).to.equal(403);
      expect(named.body.error).to.equal('you have no access to location Auckland DC');
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
