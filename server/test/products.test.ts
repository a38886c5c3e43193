import type { TestServer } from '@warehouse-kit/testing/server';
import { createWorld, startWorld, testOrm, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { Appointment, PackingList } from '../src/entities/appointment.js';
import { Location } from '../src/entities/location.js';
import { idsAhead, rowIdOf } from './support/record-rows.js';

describe('products', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld()));
  after(() => server.close());

  const newProduct = (overrides: Record<string, unknown> = {}) => ({
    product: {
      name: 'Cherries',
      sku: `CHR-${Math.random().toString(36).slice(2, 8)}`,
      location_name: 'Toronto DC',
      ...overrides,
    },
  });

  describe('listing', () => {
    it('combines the catalogs of every accessible location on the organization interface', async () => {
      const res = await world.as('integration').get('/products');
      expect(res.status).to.equal(200);
      const locations = new Set(res.body.map((p: { location_name: string }) => p.location_name));
      // integration has no access to Auckland; Toronto and Vancouver both carry Apples
      expect([...locations].sort()).to.deep.equal(['Toronto DC', 'Vancouver DC']);
      expect(res.body.filter((p: { name: string }) => p.name === 'Apples')).to.have.length(2);
    });

    it('narrows to one location, matching its name case-insensitively and ignoring spaces', async () => {
      const res = await world.as('admin').get('/products', { location_name: '  vancouver dc ' });
      expect(res.status).to.equal(200);
      expect(res.body.map((p: { location_name: string }) => p.location_name)).to.deep.equal(['Vancouver DC']);
    });

    it('filters by name prefix and by exact SKU, both case-insensitively', async () => {
      const byName = await world.as('admin').get('/products', { name: 'app', location_name: 'Toronto DC' });
      expect(byName.body.map((p: { name: string }) => p.name)).to.deep.equal(['Apples']);
      const bySku = await world.as('admin').get('/products', { sku: 'ban-001' });
      expect(bySku.body.map((p: { sku: string }) => p.sku)).to.deep.equal(['BAN-001']);
      const partialSku = await world.as('admin').get('/products', { sku: 'BAN' });
      expect(partialSku.body).to.deep.equal([]);
    });

    it('treats LIKE wildcards in a name filter as plain text', async () => {
      const res = await world.as('admin').get('/products', { name: '%' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([]);
    });

    it('answers 404 for an unknown location and 403 for an inaccessible one', async () => {
      const unknown = await world.as('admin').get('/products', { location_name: 'Nowhere DC' });
      expect(unknown.status).to.equal(404);
      expect(unknown.body.error).to.include('Nowhere DC');
      const inaccessible = await world.as('integration').get('/products', { location_name: 'Auckland DC' });
      expect(inaccessible.status).to.equal(403);
      expect(inaccessible.body.error).to.include('Auckland DC');
    });

    it('pages with the five headers and a Link that keeps only the caller-supplied filter', async () => {
      const admin = world.as('admin');
      for (let i = 0; i < 4; i++)
        expect((await admin.post('/products', newProduct({ name: `Page item ${i}` }))).status).to.equal(200);
      const total = (await admin.get('/products')).headers['total-count'];

      const page2 = await admin.get('/products', { per_page: 2, page: 2 });
      expect(page2.status).to.equal(200);
      expect(page2.body).to.have.length(2);
      expect(page2.headers['current-page']).to.equal('2');
      expect(page2.headers['page-items']).to.equal('2');
      expect(page2.headers['total-count']).to.equal(total);
      expect(page2.headers['total-pages']).to.equal(String(Math.ceil(Number(total) / 2)));
      expect(page2.headers.link)
        .to.include('rel="next"')
        .and.include('rel="prev"')
        .and.include('rel="first"')
        .and.include('rel="last"');
      expect(page2.headers.link).not.to.include('location_name');
      expect(page2.headers.link).to.include(`http://${world.host()}/api/v1/products?per_page=2&page=3`);

      const filtered = await admin.get('/products', { location_name: 'Toronto DC', per_page: 2 });
      expect(filtered.headers.link).to.include('location_name=Toronto+DC');
    });

    it('omits prev on the first page and next on the last', async () => {
      const admin = world.as('admin');
      const first = await admin.get('/products', { per_page: 100 });
      expect(first.headers.link).not.to.include('rel="prev"');
      expect(first.headers.link).not.to.include('rel="next"');
      expect(first.headers['total-pages']).to.equal('1');
    });

    it('answers an empty page after the last', async () => {
      const res = await world.as('admin').get('/products', { page: 999 });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([]);
      expect(res.headers['current-page']).to.equal('999');
    });

    it('rejects a page or page size that is not a positive integer, or a page size over 100, with 400', async () => {
      for (const query of [{ page: 'abc' }, { page: 0 }, { per_page: 101 }, { per_page: -1 }]) {
        const res = await world.as('admin').get('/products', query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.error).to.be.a('string').and.match(/page/);
      }
    });
  });

  describe('creating', () => {
    it('creates a product at the location named in the body, rendering times in that warehouse zone', async () => {
      const res = await world
        .as('admin')
        .post('/products', newProduct({ location_name: 'auckland dc', name: 'Kiwifruit' }));
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ name: 'Kiwifruit', location_name: 'Auckland DC' });
      expect(res.body.id).to.be.a('number');
      // Auckland is UTC+12 or +13 depending on the season
      expect(res.body.created_at).to.match(/\+1[23]:00$/);
      expect(res.body.updated_at).to.equal(res.body.created_at);
    });

    it('takes the location from the query when the body has none', async () => {
      const { product } = newProduct();
      delete (product as Record<string, unknown>).location_name;
      const res = await world.as('admin').post('/products', { product }, { location_name: 'Vancouver DC' });
      expect(res.status).to.equal(200);
      expect(res.body.location_name).to.equal('Vancouver DC');
    });

    it('answers 400 naming location_name when no location is given', async () => {
      const res = await world.as('admin').post('/products', { product: { name: 'Orphan' } });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('location_name').and.include('required');
    });

    it('answers 400 when the query and the body name different locations', async () => {
      const res = await world.as('admin').post('/products', newProduct(), { location_name: 'Vancouver DC' });
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('differs');
    });

    it('accepts the same name in query and body even with different case and spaces', async () => {
      const res = await world
        .as('admin')
        .post('/products', newProduct({ location_name: 'TORONTO DC' }), { location_name: ' toronto dc' });
      expect(res.status).to.equal(200);
    });

    it('answers 404 for an unknown location, 403 without access and 403 with read-only access', async () => {
      expect((await world.as('admin').post('/products', newProduct({ location_name: 'Nowhere' }))).status).to.equal(
        404,
      );
      expect(
        (await world.as('integration').post('/products', newProduct({ location_name: 'Auckland DC' }))).status,
      ).to.equal(403);
      const readOnly = await world.as('integration').post('/products', newProduct({ location_name: 'Vancouver DC' }));
      expect(readOnly.status).to.equal(403);
      expect(readOnly.body.error).to.include('read-only');
    });

    it('rejects a blank name and a SKU already used at that location, case-insensitively, with 422', async () => {
      const res = await world.as('admin').post('/products', newProduct({ name: '   ', sku: 'apl-001' }));
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({ name: ["can't be blank"], sku: ['has already been taken'] });
    });

    it('allows the same SKU at another location', async () => {
      const res = await world
        .as('admin')
        .post('/products', newProduct({ sku: 'BAN-001', location_name: 'Vancouver DC' }));
      expect(res.status).to.equal(200);
    });

    it('allows a product without SKU on the organization interface', async () => {
      const res = await world
        .as('admin')
        .post('/products', { product: { name: 'Loose produce', location_name: 'Toronto DC' } });
      expect(res.status).to.equal(200);
      expect(res.body.sku).to.equal(null);
    });

    it('requires a SKU on the location interface, where the address is the location', async () => {
      const toronto = world.as('admin', 'toronto');
      const missing = await toronto.post('/products', { product: { name: 'No SKU' } });
      expect(missing.status).to.equal(422);
      expect(missing.body.errors.sku[0]).to.include("can't be blank");
      const created = await toronto.post('/products', { product: { name: 'Figs', sku: 'FIG-001' } });
      expect(created.status).to.equal(200);
      expect(created.body.location_name).to.equal('Toronto DC');
    });

    it('answers 400 on the location interface when the body names another location', async () => {
      const res = await world
        .as('admin', 'toronto')
        .post('/products', { product: { name: 'Figs', sku: 'FIG-X', location_name: 'Auckland DC' } });
      expect(res.status).to.equal(400);
    });

    it('answers 400 for malformed JSON and a missing wrapper, and 422 for wrong types and unknown attributes', async () => {
      const admin = world.as('admin');
      const malformed = await admin.request('POST', '/products', { body: '{"product": {' });
      expect(malformed.status).to.equal(400);
      expect(malformed.body.error).to.equal('the request body is not valid JSON (an object is expected)');
      const wrapper = await admin.post('/products', { name: 'Bare' });
      expect(wrapper.status).to.equal(400);
      expect(wrapper.body.error).to.include('"product"');
      const wrongType = await admin.post('/products', newProduct({ name: 42 }));
      expect(wrongType.status).to.equal(422);
      expect(wrongType.body.errors).to.deep.equal({ name: ['must be a string'] });
      const unknown = await admin.post('/products', newProduct({ colour: 'red' }));
      expect(unknown.status).to.equal(422);
      expect(unknown.body.errors).to.deep.equal({ colour: ['is not a known attribute'] });
    });

    it('writes nothing when a create is rejected', async () => {
      const admin = world.as('admin');
      const before = Number((await admin.get('/products')).headers['total-count']);
      expect((await admin.post('/products', newProduct({ name: ' ' }))).status).to.equal(422);
      expect(Number((await admin.get('/products')).headers['total-count'])).to.equal(before);
    });
  });

  describe('viewing, updating and deleting', () => {
    let torontoApples: number;
    let aucklandProduct: number;

    before(async () => {
      const apples = await world.as('admin').get('/products', { sku: 'APL-001', location_name: 'Toronto DC' });
      torontoApples = apples.body[0].id;
      aucklandProduct = (await world.as('admin').post('/products', newProduct({ location_name: 'Auckland DC' }))).body
        .id;
    });

    it('shows a product by id, in its warehouse zone', async () => {
      const res = await world.as('admin').get(`/products/${torontoApples}`);
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ id: torontoApples, name: 'Apples', location_name: 'Toronto DC' });
      expect(res.body.created_at).to.match(/-0[45]:00$/);
    });

    it(
      'answers 404 for an unknown id, another organization id, ' +
        'an inaccessible product and one outside the location filter',
      async () => {
        // Ids count per organization (DECISIONS 440): the other one's product has an id this one has none of.
        const other = await createWorld(server);
        await idsAhead(other);
        const foreignId = (await other.as('admin').post('/products', newProduct())).body.id;
        const admin = world.as('admin');
        expect((await admin.get('/products/99999999')).status).to.equal(404);
        expect((await admin.get(`/products/${foreignId}`)).status).to.equal(404);
        expect((await other.as('admin').get(`/products/${foreignId}`)).status).to.equal(200);
        expect((await world.as('integration').get(`/products/${aucklandProduct}`)).status).to.equal(404);
        expect((await admin.get(`/products/${torontoApples}`, { location_name: 'Vancouver DC' })).status).to.equal(404);
        expect((await world.as('admin', 'auckland').get(`/products/${torontoApples}`)).status).to.equal(404);
      },
    );

    it('answers 400 for an id that is not a positive integer', async () => {
      const res = await world.as('admin').get('/products/abc');
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('id');
    });

    it('updates only the fields sent, by PATCH and by PUT', async () => {
      const admin = world.as('admin');
      const created = (await admin.post('/products', newProduct({ name: 'Grapes' }))).body;
      const patched = await admin.patch(`/products/${created.id}`, { product: { name: 'Red grapes' } });
      expect(patched.status).to.equal(200);
      expect(patched.body).to.include({ name: 'Red grapes', sku: created.sku });
      const put = await admin.put(`/products/${created.id}`, { product: { sku: 'GRP-RED' } });
      expect(put.status).to.equal(200);
      expect(put.body).to.include({ name: 'Red grapes', sku: 'GRP-RED' });
    });

    it('never moves a product: a different location_name in the body finds nothing', async () => {
      const res = await world
        .as('admin')
        .patch(`/products/${torontoApples}`, { product: { location_name: 'Vancouver DC', name: 'Moved?' } });
      expect(res.status).to.equal(404);
      const still = await world.as('admin').get(`/products/${torontoApples}`);
      expect(still.body).to.include({ location_name: 'Toronto DC', name: 'Apples' });
    });

    it('forbids updates with read-only access', async () => {
      const vancouverApples = (
        await world.as('admin').get('/products', { location_name: 'Vancouver DC', sku: 'APL-001' })
      ).body[0].id;
      const res = await world.as('integration').patch(`/products/${vancouverApples}`, { product: { name: 'Nope' } });
      expect(res.status).to.equal(403);
    });

    it('rejects an update to a SKU another product of the location has', async () => {
      const res = await world.as('admin').patch(`/products/${torontoApples}`, { product: { sku: 'ban-001' } });
      expect(res.status).to.equal(422);
      expect(res.body.errors.sku).to.deep.equal(['has already been taken']);
    });

    it('deletes a product with 204 and no body', async () => {
      const admin = world.as('admin');
      const created = (await admin.post('/products', newProduct())).body;
      const res = await admin.delete(`/products/${created.id}`);
      expect(res.status).to.equal(204);
      expect(res.body).to.equal(undefined);
      expect((await admin.get(`/products/${created.id}`)).status).to.equal(404);
    });

    it(
      'refuses to delete a product that active packing ' + 'lists reference, but allows it once they are finished',
      async () => {
        const admin = world.as('admin');
        const product = (await admin.post('/products', newProduct({ name: 'Referenced' }))).body;
        const em = (await testOrm()).em.fork();
        const location = await em.findOneOrFail(Location, { subdomain: `${world.id}-toronto` });
        const appointment = em.create(Appointment, {
          organizationId: location.organizationId,
          locationId: location.id,
          state: 'booked',
          appointmentType: 'delivery',
          duration: 60,
          referenceNumbers: [],
        } as never);
        await em.flush();
        em.create(PackingList, {
          organizationId: appointment.organizationId,
          appointmentId: appointment.id,
          productId: await rowIdOf(world, 'products', product.id),
          productName: product.name,
          quantity: 5,
        } as never);
        await em.flush();

        const refused = await admin.delete(`/products/${product.id}`);
        expect(refused.status).to.equal(422);
        expect(refused.body.errors.base[0]).to.include('active appointments');
        expect((await admin.get(`/products/${product.id}`)).status).to.equal(200);

        appointment.state = 'completed';
        await em.flush();
        expect((await admin.delete(`/products/${product.id}`)).status).to.equal(204);
      },
    );
  });
});
