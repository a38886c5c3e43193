import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('locations', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  it('lists accessible locations by name with their subdomain and time zone, unpaginated', async () => {
    const res = await world.as('admin').get('/locations');
    expect(res.status).to.equal(200);
    expect(res.body).to.deep.equal([
      { name: 'Auckland DC', url: `${world.id}-auckland`, time_zone: 'Pacific/Auckland' },
      { name: 'Toronto DC', url: `${world.id}-toronto`, time_zone: 'America/Toronto' },
      { name: 'Vancouver DC', url: `${world.id}-vancouver`, time_zone: 'America/Vancouver' },
    ]);
    expect(res.headers['total-count']).to.equal(undefined);
    expect(res.headers.link).to.equal(undefined);
  });

  it('returns one location by name, case-insensitively and ignoring surrounding spaces', async () => {
    const res = await world.as('admin').get('/locations', { location_name: '  TORONTO dc ' });
    expect(res.status).to.equal(200);
    expect(res.body.map((l: { name: string }) => l.name)).to.deep.equal(['Toronto DC']);
  });

  it('treats a blank location_name like an absent one, as every list does with a blank filter', async () => {
    const admin = world.as('admin');
    const all = await admin.get('/locations');
    for (const blank of ['', '   '])
      expect((await admin.get('/locations', { location_name: blank })).body).to.deep.equal(all.body);
    const products = await admin.get('/products');
    const blanks = await admin.get('/products', { location_name: ' ', name: '', sku: '  ', page: '' });
    expect(blanks.status).to.equal(200);
    expect(blanks.body).to.deep.equal(products.body);
    const orders = await admin.get('/purchase_orders', { po_number: '', start_time: ' ' });
    expect(orders.status).to.equal(200);
    expect(orders.headers['total-count']).to.equal((await admin.get('/purchase_orders')).headers['total-count']);
  });

  it('needs the new name after a rename', async () => {
    const renamed = await createWorld(server, (o) => ({
      ...o,
      locations: o.locations.map((l) => (l.name === 'Toronto DC' ? { ...l, name: 'Toronto East' } : l)),
      users: [{ name: 'admin', token: `${o.subdomain}-admin-token`, roles: { 'Toronto East': 'admin' } }],
    }));
    expect((await renamed.as('admin').get('/locations', { location_name: 'Toronto East' })).status).to.equal(200);
    expect((await renamed.as('admin').get('/locations', { location_name: 'Toronto DC' })).status).to.equal(404);
  });

  it('answers 404 for an unknown name and 403 for an inaccessible one', async () => {
    const unknown = await world.as('admin').get('/locations', { location_name: 'Montreal DC' });
    expect(unknown.status).to.equal(404);
    const inaccessible = await world.as('integration').get('/locations', { location_name: 'Auckland DC' });
    expect(inaccessible.status).to.equal(403);
  });

  it('answers 400 on a location interface when location_name names another location', async () => {
    const res = await world.as('admin', 'toronto').get('/locations', { location_name: 'Auckland DC' });
    expect(res.status).to.equal(400);
    expect(res.body.error).to.include('Toronto DC');
  });
});
