// Webhook endpoints (DECISIONS 240–245), an extension beyond the reference: their life cycle, the
// bounds on every field, who may manage which, the secret shown once, and the SSRF guard.
import { specEnum } from '@warehouse-kit/spec/enums';
import { ApiClient, createWorld, startTestServer, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('webhook endpoints (extension)', () => {
  let server: TestServer;
  let strict: TestServer;
  let world: World;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    strict = await startTestServer();
    world = await createWorld(server);
  });
  after(async () => {
    await strict.close();
    await server.close();
  });

  const create = (client: ApiClient, endpoint: Record<string, unknown>) =>
    client.post('/webhook_endpoints', { webhook_endpoint: endpoint });

  it('creates an endpoint showing its secret once, then lists, reads, updates and deletes it', async () => {
    const admin = world.as('admin');
    const created = await create(admin, {
      url: 'http://127.0.0.1:9/hook',
      description: 'ERP sync',
      event_types: ['appointment.*', 'purchase_order.moved'],
      location_names: ['toronto dc'],
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(200);
    expect(created.body.secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.body).to.include({ url: 'http://127.0.0.1:9/hook', description: 'ERP sync', enabled: true });
    expect(created.body.location_names).to.deep.equal(['Toronto DC']);
    expect(created.body.disabled_reason).to.equal(null);
    const id = created.body.id as number;

    const read = await admin.get(`/webhook_endpoints/${id}`);
    expect(read.status).to.equal(200);
    expect(read.body).to.not.have.property('secret');
    expect(read.body.event_types).to.deep.equal(['appointment.*', 'purchase_order.moved']);

    const listed = await admin.get('/webhook_endpoints');
    expect(listed.status).to.equal(200);
    expect(listed.body.map((e: { id: number }) => e.id)).to.include(id);
    expect(listed.headers['total-count']).to.equal(String(listed.body.length));

    const updated = await admin.patch(`/webhook_endpoints/${id}`, {
      webhook_endpoint: { enabled: false, event_types: ['*'], description: '' },
    });
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body).to.include({ enabled: false, description: '' });
    expect(updated.body.event_types).to.deep.equal(['*']);

    const rotated = await admin.post(`/webhook_endpoints/${id}/rotate_secret`, undefined);
    expect(rotated.status, JSON.stringify(rotated.body)).to.equal(200);
    expect(rotated.body.secret)
      .to.match(/^whsec_/)
      .and.not.equal(created.body.secret);
    const overlap = Date.parse(rotated.body.previous_secret_expires_at) - Date.now();
    expect(overlap).to.be.within(23.9 * 3600_000, 24 * 3600_000);

    expect((await admin.delete(`/webhook_endpoints/${id}`)).status).to.equal(204);
    expect((await admin.get(`/webhook_endpoints/${id}`)).status).to.equal(404);
  });

  it('refuses bad fields with 422 or 400, naming them, and stores nothing', async () => {
    const admin = world.as('admin');
    const before = (await admin.get('/webhook_endpoints', { per_page: 100 })).body.length;
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ url: 'ftp://example.com/hook' }, 422, 'url'],
      [{ url: `http://127.0.0.1/${'a'.repeat(2048)}` }, 422, 'url'],
      [{ url: 'http://user:pw@127.0.0.1/hook' }, 422, 'url'],
      [{ url: 'http://127.0.0.1/hook', event_types: ['appointment.exploded'] }, 422, 'event_types[0]'],
      [{ url: 'http://127.0.0.1/hook', event_types: Array(51).fill('*') }, 422, 'event_types'],
      [{ url: 'http://127.0.0.1/hook', event_types: [] }, 422, 'event_types'],
      [{ url: 'http://127.0.0.1/hook', secret: 'whsec_mine' }, 422, 'secret'],
      [{ url: 'http://127.0.0.1/hook', location_names: ['Nowhere DC'] }, 404, ''],
    ];
    for (const [endpoint, status, field] of refusals) {
      const res = await create(admin, endpoint);
      expect(res.status, `${JSON.stringify(endpoint).slice(0, 80)}: ${JSON.stringify(res.body)}`).to.equal(status);
      if (field) expect(Object.keys(res.body.errors).join(' ')).to.include(field);
    }
    expect((await admin.get('/webhook_endpoints', { per_page: 100 })).body.length).to.equal(before);
  });

  it("takes every event type, kind and * the schema lists, and refuses another by the schema's list", async () => {
    const admin = world.as('admin');
    const listed = ['*', 'product.*', 'company.*', 'appointment.*', 'purchase_order.*', ...specEnum('EventType')];
    const all = await create(admin, { url: 'http://127.0.0.1/every-type', event_types: listed, enabled: false });
    expect(all.status, JSON.stringify(all.body)).to.equal(200);
    expect(all.body.event_types).to.deep.equal(listed);
    await admin.delete(`/webhook_endpoints/${all.body.id}`);
    const unknown = await create(admin, { url: 'http://127.0.0.1/hook', event_types: ['product.*', 'dock.*'] });
    expect(unknown.status).to.equal(422);
    // DECISIONS 446: the schema's list, where the server named the entry.
    expect(unknown.body.errors).to.deep.equal({ 'event_types[1]': [`must be one of: ${listed.join(', ')}`] });
  });

  it('lets only admins of every covered location manage an endpoint: 403 where read-only, 404 where no role', async () => {
    const admin = world.as('admin');
    const integration = world.as('integration'); // admin at Toronto, read-only at Vancouver, none at Auckland
    const toronto = await create(integration, { url: 'http://127.0.0.1/t', location_names: ['Toronto DC'] });
    expect(toronto.status).to.equal(200);
    expect(
      (await create(integration, { url: 'http://127.0.0.1/v', location_names: ['Vancouver DC'] })).status,
    ).to.equal(403);
    expect((await create(integration, { url: 'http://127.0.0.1/all' })).status).to.equal(403);
    expect(
      (await create(world.as('viewer'), { url: 'http://127.0.0.1/x', location_names: ['Toronto DC'] })).status,
    ).to.equal(403);

    const vancouver = await create(admin, { url: 'http://127.0.0.1/v', location_names: ['Vancouver DC'] });
    const auckland = await create(admin, { url: 'http://127.0.0.1/a', location_names: ['Auckland DC'] });
    expect((await integration.get(`/webhook_endpoints/${vancouver.body.id}`)).status).to.equal(403);
    expect((await integration.delete(`/webhook_endpoints/${vancouver.body.id}`)).status).to.equal(403);
    expect((await integration.get(`/webhook_endpoints/${auckland.body.id}`)).status).to.equal(404);
    expect((await integration.post(`/webhook_endpoints/${auckland.body.id}/rotate_secret`, undefined)).status).to.equal(
      404,
    );
    const listed = (await integration.get('/webhook_endpoints', { per_page: 100 })).body.map(
      (e: { id: number }) => e.id,
    );
    expect(listed).to.include(toronto.body.id).and.not.include(vancouver.body.id).and.not.include(auckland.body.id);

    // A location interface sees the endpoints covering exactly its location, and creates those.
    const atToronto = world.as('integration', 'toronto');
    const here = await create(atToronto, { url: 'http://127.0.0.1/here' });
    expect(here.status).to.equal(200);
    expect(here.body.location_names).to.deep.equal(['Toronto DC']);
    expect((await create(atToronto, { url: 'http://127.0.0.1/x', location_names: ['Vancouver DC'] })).status).to.equal(
      400,
    );
    const all = await create(admin, { url: 'http://127.0.0.1/all' });
    expect(all.body.location_names).to.equal(null);
    expect((await world.as('admin', 'toronto').get(`/webhook_endpoints/${all.body.id}`)).status).to.equal(404);
    for (const { body } of [toronto, vancouver, auckland, here, all])
      await admin.delete(`/webhook_endpoints/${body.id}`);
  });

  it("answers 403 to every endpoint operation on a location interface where the user has no role, the list's included", async () => {
    const admin = world.as('admin');
    const auckland = await create(admin, { url: 'http://127.0.0.1/a', location_names: ['Auckland DC'] });
    const outsider = world.as('integration', 'auckland'); // no role at Auckland
    const answers = [
      await outsider.get('/webhook_endpoints'),
      await outsider.get(`/webhook_endpoints/${auckland.body.id}`),
      await outsider.get('/webhook_endpoints/2147483000'),
      await outsider.get(`/webhook_endpoints/${auckland.body.id}/deliveries`),
      await outsider.patch(`/webhook_endpoints/${auckland.body.id}`, { webhook_endpoint: { description: 'x' } }),
      await outsider.post(`/webhook_endpoints/${auckland.body.id}/recover`, {
        recovery: { since: '2026-01-01T00:00:00Z' },
      }),
      await create(outsider, { url: 'http://127.0.0.1/b' }),
    ];
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).to.equal(403);
      expect(answer.body.error).to.equal(`you have no access to this location interface (${world.id}-auckland)`);
    }
    // Where the user has a role, the list answers as before.
    expect((await world.as('integration', 'toronto').get('/webhook_endpoints')).status).to.equal(200);
    await admin.delete(`/webhook_endpoints/${auckland.body.id}`);
  });

  it('refuses URLs that resolve to loopback, private or link-local addresses unless the setting allows them', async () => {
    const guarded = new ApiClient(strict.port, world.host(), world.token('admin'));
    for (const url of [
      'http://127.0.0.1/hook',
      'http://localhost:3000/hook',
      'http://10.1.2.3/hook',
      'http://192.168.0.10/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
    ]) {
      const res = await create(guarded, { url });
      expect(res.status, url).to.equal(422);
      expect(res.body.errors.url[0], url).to.match(/public addresses only|does not resolve/);
    }
    const allowed = await create(world.as('admin'), { url: 'http://localhost:3000/hook' });
    expect(allowed.status).to.equal(200);
    await world.as('admin').delete(`/webhook_endpoints/${allowed.body.id}`);
  });

  it('refuses an Idempotency-Key on create and rotate, whose stored answer would hold the secret', async () => {
    const admin = world.as('admin');
    const headers = { 'Idempotency-Key': 'hook-1' };
    const created = await admin.request('POST', '/webhook_endpoints', {
      headers,
      body: { webhook_endpoint: { url: 'http://127.0.0.1/once' } },
    });
    expect(created.status).to.equal(400);
    expect(created.body.error).to.include('Idempotency-Key is not taken here');
    const all = (await admin.get('/webhook_endpoints', { per_page: 100 })).body as { url: string }[];
    expect(all.map((endpoint) => endpoint.url)).to.not.include('http://127.0.0.1/once');
    const endpoint = await create(admin, { url: 'http://127.0.0.1/rotated' });
    const rotated = await admin.request('POST', `/webhook_endpoints/${endpoint.body.id}/rotate_secret`, { headers });
    expect(rotated.status).to.equal(400);
    expect((await admin.get(`/webhook_endpoints/${endpoint.body.id}`)).body.previous_secret_expires_at).to.equal(null);
    await admin.delete(`/webhook_endpoints/${endpoint.body.id}`);
  });

  it('keeps an organization to 20 endpoints', async () => {
    const admin = world.as('admin');
    const existing = (await admin.get('/webhook_endpoints', { per_page: 100 })).body.length as number;
    const ids: number[] = [];
    for (let i = existing; i < 20; i++) {
      const res = await create(admin, { url: `http://127.0.0.1/hook${i}` });
      expect(res.status).to.equal(200);
      ids.push(res.body.id);
    }
    const over = await create(admin, { url: 'http://127.0.0.1/one-too-many' });
    expect(over.status).to.equal(422);
    expect(over.body.errors.base[0]).to.include('at most 20');
    for (const id of ids) await admin.delete(`/webhook_endpoints/${id}`);
  });
});
