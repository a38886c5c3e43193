import type { Knex } from '@mikro-orm/postgresql';
import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import type { OrganizationFixture } from '../src/provision/fixture.js';
import { type SecondInstance, startSecondInstance } from './support/second-instance.js';

const paidEverywhere = (organization: OrganizationFixture): OrganizationFixture => ({
  ...organization,
  locations: organization.locations.map((location) => ({ ...location, paid: true })),
});

const withKey = (client: ApiClient, body: unknown, key: string, query?: Record<string, string>) =>
  client.request('POST', '/purchase_orders', { body, query, headers: { 'idempotency-key': key } });

// `integration` is admin at Toronto, read-only at Vancouver and has no role at Auckland. Vancouver
// is paid here, so that its location interface answers (DECISIONS 12).
describe('Idempotency-Key replays and the request they answer (extension)', () => {
  let server: TestServer;
  let world: World;
  let second: SecondInstance;
  let knex: Knex;

  before(async () => {
    ({ server, world } = await startWorld({ shape: paidEverywhere, config: { webhookAllowPrivate: true } }));
    second = await startSecondInstance();
    knex = (await testOrm()).em.getKnex();
  });
  after(async () => {
    await second.close();
    await server.close();
  });

  const ordersNumbered = async (poNumber: string) =>
    Number((await knex('purchase_orders').where({ po_number: poNumber }).count())[0]!.count);

  describe('the interface is part of the request', () => {
    it("does not replay a location interface's 200 on another location's interface", async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-') } };
      const first = await withKey(world.as('integration', 'toronto'), body, key);
      expect(first.status).to.equal(200);
      expect(first.body.location_name).to.equal('Toronto DC');

      const elsewhere = await withKey(world.as('integration', 'vancouver'), body, key);
      expect(elsewhere.status).to.equal(422);
      expect(elsewhere.headers['idempotent-replayed']).to.equal(undefined);
      expect(elsewhere.body.errors).to.have.keys('Idempotency-Key');
      expect(await ordersNumbered(body.purchase_order.po_number)).to.equal(1);
    });

    it("does not replay one interface's 403 on another, where a new key then succeeds", async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-') } };
      const refused = await withKey(world.as('integration', 'vancouver'), body, key);
      expect(refused.status).to.equal(403);

      const elsewhere = await withKey(world.as('integration', 'toronto'), body, key);
      expect(elsewhere.status).to.equal(422);
      expect(elsewhere.body.errors).to.have.keys('Idempotency-Key');
      const fresh = await withKey(world.as('integration', 'toronto'), body, uniqueId('key-'));
      expect(fresh.status).to.equal(200);
    });

    it('tells the organization interface from a location interface, and one query from another', async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-'), location_name: 'Toronto DC' } };
      expect((await withKey(world.as('integration'), body, key)).status).to.equal(200);
      expect((await withKey(world.as('integration', 'toronto'), body, key)).status).to.equal(422);
      const queried = await withKey(world.as('integration'), body, key, { location_name: 'Toronto DC' });
      expect(queried.status).to.equal(422);
      const replayed = await withKey(world.as('integration'), body, key);
      expect(replayed.status).to.equal(200);
      expect(replayed.headers['idempotent-replayed']).to.equal('true');
      expect(await ordersNumbered(body.purchase_order.po_number)).to.equal(1);
    });
  });

  describe('access is checked again before a replay', () => {
    /** A world of its own: its admin's roles change. */
    let own: World;
    let setRole: (location: string, role: 'admin' | 'read_only' | null) => Promise<void>;

    before(async () => {
      own = await createWorld(server, paidEverywhere);
      const user = await knex('api_users')
        .join('organizations', 'organizations.id', 'api_users.organization_id')
        .where({ 'organizations.subdomain': own.id, 'api_users.name': 'admin' })
        .first('api_users.id', 'api_users.organization_id');
      // As support changes a role: in the database, which every process sees on its next request (DECISIONS 100).
      setRole = async (name, role) => {
        const location = await knex('locations').where({ organization_id: user.organization_id, name }).first('id');
        await knex.transaction(async (trx) => {
          await trx('location_roles').where({ api_user_id: user.id, location_id: location.id }).delete();
          if (role)
            await trx('location_roles').insert({
              organization_id: user.organization_id,
              api_user_id: user.id,
              location_id: location.id,
              role,
            });
        });
      };
    });

    it("answers a replay after the role was revoked with today's 403, on another process too", async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-'), location_name: 'Auckland DC', notes: 'secret' } };
      const first = await withKey(own.as('admin'), body, key);
      expect(first.status).to.equal(200);
      // Both processes now hold the user's roles in their caches.
      expect((await withKey(second.as(own, 'admin'), body, key)).headers['idempotent-replayed']).to.equal('true');

      await setRole('Auckland DC', null);
      const revoked = await withKey(second.as(own, 'admin'), body, key);
      expect(revoked.status).to.equal(403);
      expect(revoked.headers['idempotent-replayed']).to.equal(undefined);
      expect(revoked.body).to.have.keys('error', 'request_id');
      expect(revoked.body.error).to.equal('you have no access to location Auckland DC');
      expect((await withKey(own.as('admin'), body, key)).status).to.equal(403);

      // The stored answer is kept: with a role back (read-only is enough to see the order), it replays again.
      await setRole('Auckland DC', 'read_only');
      const restored = await withKey(own.as('admin'), body, key);
      expect(restored.status).to.equal(200);
      expect(restored.headers['idempotent-replayed']).to.equal('true');
      expect(restored.body).to.deep.equal(first.body);
      expect(await ordersNumbered(body.purchase_order.po_number)).to.equal(1);
    });

    it('still replays an unassigned order, which every location includes, whatever roles change', async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-') } };
      const first = await withKey(own.as('admin'), body, key);
      expect(first.status).to.equal(200);
      await setRole('Vancouver DC', null);
      const again = await withKey(second.as(own, 'admin'), body, key);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
    });

    it("answers a replayed recovery or redelivery with today's refusal once the user no longer manages the endpoint", async () => {
      const admin = own.as('admin');
      await setRole('Auckland DC', 'admin');
      const hook = {
        url: 'http://127.0.0.1:9/hook',
        location_names: ['Auckland DC'],
        event_types: ['company.created'],
      };
      const endpoint = await admin.post('/webhook_endpoints', { webhook_endpoint: hook });
      expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(200);
      const since = new Date(Date.now() - 60_000).toISOString();
      expect(
        (await admin.post('/companies', { company: { name: uniqueId('Hooked '), company_type: 'carrier' } })).status,
      ).to.equal(200);
      const post = (path: string, body: unknown, key: string, client = admin) =>
        client.request('POST', path, { body, headers: { 'idempotency-key': key } });
      const recovery = [
        `/webhook_endpoints/${endpoint.body.id}/recover`,
        { recovery: { since } },
        uniqueId('key-'),
      ] as const;
      const recovered = await post(...recovery);
      expect(recovered.status, JSON.stringify(recovered.body)).to.equal(200);
      expect(recovered.body.deliveries).to.equal(1);
      const [delivery] = (await admin.get(`/webhook_endpoints/${endpoint.body.id}/deliveries`)).body;
      const redelivery = [
        `/webhook_endpoints/${endpoint.body.id}/deliveries/${delivery.id}/redeliver`,
        undefined,
        uniqueId('key-'),
      ] as const;
      const redelivered = await post(...redelivery);
      expect(redelivered.status, JSON.stringify(redelivered.body)).to.equal(200);
      const replays = async (client = admin) => [await post(...recovery, client), await post(...redelivery, client)];
      for (const replay of await replays(second.as(own, 'admin')))
        expect(replay.headers['idempotent-replayed']).to.equal('true');

      await setRole('Auckland DC', 'read_only');
      for (const replay of await replays(second.as(own, 'admin'))) {
        expect(replay.status, JSON.stringify(replay.body)).to.equal(403);
        expect(replay.headers['idempotent-replayed']).to.equal(undefined);
        expect(replay.body.error).to.equal('you have read-only access to location Auckland DC');
      }
      await setRole('Auckland DC', null);
      for (const replay of await replays()) {
        expect(replay.status).to.equal(404);
        expect(replay.body.error).to.equal(`webhook endpoint ${endpoint.body.id} not found`);
      }
      await setRole('Auckland DC', 'admin');
      const [again, redeliveredAgain] = await replays();
      expect(again!.body).to.deep.equal(recovered.body);
      expect(redeliveredAgain!.body).to.deep.equal(redelivered.body);
      expect((await admin.get(`/webhook_endpoints/${endpoint.body.id}/deliveries`)).body).to.have.length(2);
      await admin.delete(`/webhook_endpoints/${endpoint.body.id}`);
    });

    it('checks the location interface a key was used on', async () => {
      const key = uniqueId('key-');
      const body = { purchase_order: { po_number: uniqueId('PO-') } };
      expect((await withKey(own.as('admin', 'toronto'), body, key)).status).to.equal(200);
      // Admin somewhere else, so that the organization-wide gate (DECISIONS 13) still lets the user in.
      await setRole('Auckland DC', 'admin');
      await setRole('Toronto DC', null);
      const again = await withKey(second.as(own, 'admin', 'toronto'), body, key);
      expect(again.status).to.equal(403);
      expect(again.body.error).to.equal(`you have no access to this location interface (${own.id}-toronto)`);
    });
  });
});
