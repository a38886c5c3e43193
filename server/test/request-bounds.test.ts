import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { TestServer } from '@warehouse-kit/testing/server';
import { startWorld, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createOrder } from './support/purchase-orders.js';

describe('request bounds', () => {
  let server: TestServer;
  let world: World;

  // Small body limits, so that the limits themselves can be reached quickly.
  before(
    async () => ({ server, world } = await startWorld({ config: { bodyLimit: 20_000, bulkUploadBodyLimit: 60_000 } })),
  );
  after(() => server.close());

  describe('integer parameters', () => {
    it('answers 400 naming the parameter for exponents, Infinity, NaN, hex, spaces and fractions', async () => {
      const admin = world.as('admin');
      for (const [name, value] of [
        ['per_page', '1e309'],
        ['page', '1e21'],
        ['page', 'Infinity'],
        ['page', 'NaN'],
        ['page', '0x10'],
        ['page', ' 7'],
        ['page', '2.5'],
        ['page', '+3'],
      ] as const) {
        const res = await admin.request('GET', `/products?${name}=${encodeURIComponent(value)}`);
        expect(res.status, `${name}=${value}`).to.equal(400);
        expect(res.body.error).to.equal(`query parameter ${name} must be a whole number written in decimal digits`);
      }
    });

    it('answers 400 naming the parameter for values outside the documented range', async () => {
      const admin = world.as('admin');
      const cases: [string, Record<string, string>, string][] = [
        ['/products', { page: '1000001' }, 'query parameter page must be at most 1000000'],
        ['/products', { page: '0' }, 'query parameter page must be at least 1'],
        ['/products', { per_page: '101' }, 'query parameter per_page must be at most 100'],
        [
          '/purchase_orders/with_booked_appointments',
          { offset: '100000001' },
          'query parameter offset must be at most 100000000',
        ],
        ['/purchase_orders/with_booked_appointments', { offset: '-1' }, 'query parameter offset must be at least 0'],
        ['/products', { page: '9'.repeat(100) }, 'query parameter page must be at most 1000000'],
      ];
      for (const [path, query, error] of cases) {
        const res = await admin.get(path, query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.error).to.equal(error);
      }
    });

    it('keeps the pagination headers plain integers at the largest page', async () => {
      const res = await world.as('admin').get('/products', { page: '1000000', per_page: '100' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([]);
      expect(res.headers['current-page']).to.equal('1000000');
      expect(res.headers['page-items']).to.equal('100');
    });

    it('answers 404 for an id beyond the id type and 400 for one beyond safe integers, on every resource', async () => {
      const admin = world.as('admin');
      for (const resource of ['products', 'companies', 'appointments', 'purchase_orders']) {
        for (const id of ['2147483648', '9007199254740991']) {
          const res = await admin.get(`/${resource}/${id}`);
          expect(res.status, `${resource}/${id}`).to.equal(404);
          expect(res.body.error).to.match(/not found$/);
        }
        for (const id of ['9007199254740992', '9'.repeat(100), 'Infinity', '1e3']) {
          const res = await admin.get(`/${resource}/${id}`);
          expect(res.status, `${resource}/${id}`).to.equal(400);
          expect(res.body.error).to.match(/^path parameter id /);
        }
      }
    });

    it('treats a nested id beyond the id type as one that names no entry', async () => {
      const order = await createOrder(world.as('admin'));
      const res = await world.as('admin').patch(`/purchase_orders/${order.id}`, {
        purchase_order: { purchase_order_items: [{ id: 2147483648, quantity: 2 }] },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        'purchase_order_items[0].id': ['is not an item of this purchase order'],
      });
    });
  });

  describe('dates in queries', () => {
    it('answers 400 for product-limit windows outside 1000-01-02..9999-12-30, the default window included', async () => {
      const admin = world.as('admin');
      const cases: [Record<string, string>, string][] = [
        [{ start_date: '0000-01-01' }, 'query parameter start_date must be 1000-01-02 or later'],
        [{ start_date: '2025-02-30' }, 'query parameter start_date must be a date that exists, written YYYY-MM-DD'],
        [
          { start_date: '2025-13-01' },
          'query parameter start_date must look like 2025-03-09; query parameter start_date must be a date that exists, written YYYY-MM-DD',
        ],
        [{ end_date: '9999-12-31' }, 'the window must end by 9999-12-30: give an end_date no later than that'],
        [{ start_date: '9999-12-28' }, 'the window must end by 9999-12-30: give an end_date no later than that'],
      ];
      for (const [query, error] of cases) {
        const res = await admin.get('/product_limits', query);
        expect(res.status, JSON.stringify(query)).to.equal(400);
        expect(res.body.error).to.equal(error);
      }
      expect(
        (await admin.get('/product_limits', { start_date: '9999-12-20', end_date: '9999-12-30' })).status,
      ).to.equal(200);
    });
  });

  describe('body size, encoding and depth', () => {
    const product = (name: string) => ({ product: { name, sku: null, location_name: 'Toronto DC' } });

    it('answers 413 with a JSON error for a body over the limit, and takes a bulk upload up to its own limit', async () => {
      const admin = world.as('admin');
      const large = await admin.post('/products', { product: { name: 'x', notes: 'y'.repeat(25_000) } });
      expect(large.status).to.equal(413);
      expect(large.body.error).to.equal('the request body is larger than 20000 bytes (counted after decompression)');
      const rows = Array.from({ length: 120 }, (_, i) => ({ name: `Bulk ${'n'.repeat(200)} ${i}`, sku: `BND-${i}` }));
      const upload = await world.as('admin', 'toronto').post('/bulk_uploads', { bulk_upload: { products: rows } });
      expect(JSON.stringify({ bulk_upload: { products: rows } }).length).to.be.within(20_000, 60_000);
      expect(upload.status).to.equal(200);
    });

    it('reads gzip and br bodies, and counts their decompressed size against the limit', async () => {
      const admin = world.as('admin');
      const gzip = await admin.request('POST', '/products', {
        body: gzipSync(JSON.stringify(product('Zipped'))),
        headers: { 'content-encoding': 'gzip' },
      });
      expect(gzip.status).to.equal(200);
      const br = await admin.request('POST', '/products', {
        body: brotliCompressSync(JSON.stringify(product('Brotli'))),
        headers: { 'content-encoding': 'br' },
      });
      expect(br.status).to.equal(200);
      const bomb = gzipSync(JSON.stringify(product('b'.repeat(5_000_000))));
      expect(bomb.length).to.be.below(20_000);
      const exploded = await admin.request('POST', '/products', {
        body: bomb,
        headers: { 'content-encoding': 'gzip' },
      });
      expect(exploded.status).to.equal(413);
    });

    it('answers 400 for bytes that do not decode, and 415 for other encodings and media types', async () => {
      const admin = world.as('admin');
      for (const encoding of ['gzip', 'deflate', 'br']) {
        const garbage = await admin.request('POST', '/products', {
          body: Buffer.from('certainly not compressed'),
          headers: { 'content-encoding': encoding },
        });
        expect(garbage.status, encoding).to.equal(400);
        expect(garbage.body.error).to.equal(`the request body cannot be decoded as ${encoding}`);
      }
      const compress = await admin.request('POST', '/products', {
        body: JSON.stringify(product('X')),
        headers: { 'content-encoding': 'compress' },
      });
      expect(compress.status).to.equal(415);
      expect(compress.body.error).to.include('Content-Encoding compress is not supported');
      const text = await admin.request('POST', '/products', {
        body: JSON.stringify(product('X')),
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).to.equal(415);
      expect(text.body.error).to.include('Content-Type: application/json');
    });

    it('answers 400 for JSON nested deeper than 32 levels, without exhausting the stack', async () => {
      const admin = world.as('admin');
      for (const depth of [40, 5_000]) {
        const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
        const res = await admin.request('POST', '/purchase_orders', {
          body: `{"purchase_order": {"po_number": "DEEP", "custom_values": {"x": ${deep}}}}`,
        });
        expect(res.status, String(depth)).to.equal(400);
        expect(res.body.error).to.equal('the request body nests deeper than 32 levels of objects and arrays');
      }
    });
  });

  describe('keys', () => {
    it('names __proto__, constructor and their kin as unknown attributes, at every level', async () => {
      const admin = world.as('admin');
      const res = await admin.request('POST', '/products', {
        body:
          '{"product": {"name": "Keys", "location_name": "Toronto DC", ' +
          '"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}, "toString": 1}}',
      });
      expect(res.status).to.equal(422);
      // Entries, because an object literal's `__proto__` would set a prototype rather than a key.
      expect(Object.entries(res.body.errors)).to.deep.equal([
        ['__proto__', ['is not a known attribute']],
        ['constructor', ['is not a known attribute']],
        ['toString', ['is not a known attribute']],
      ]);
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });

    it('names such keys in custom values as fields that do not exist, touching no prototype', async () => {
      const res = await world.as('admin').request('POST', '/purchase_orders', {
        body:
          '{"purchase_order": {"po_number": "PO-KEYS", "custom_values": ' +
          '{"__proto__": "a", "constructor": "b", "hasOwnProperty": "c", "valueOf": null}}}',
      });
      expect(res.status).to.equal(422);
      expect(Object.keys(res.body.errors).sort()).to.deep.equal([
        'custom_values.__proto__',
        'custom_values.constructor',
        'custom_values.hasOwnProperty',
      ]);
      expect(res.body.errors['custom_values.constructor'][0]).to.include('is not a custom field');
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
  });

  describe('stored bounds', () => {
    it('refuses an order that would hold more than 50 items, however many requests add them', async () => {
      const admin = world.as('admin');
      const items = (count: number) => Array.from({ length: count }, () => ({ product_name: 'Apples', quantity: 1 }));
      const order = await createOrder(admin, { purchase_order_items: items(50) });
      const more = await admin.patch(`/purchase_orders/${order.id}`, {
        purchase_order: { purchase_order_items: items(1) },
      });
      expect(more.status).to.equal(422);
      expect(more.body.errors).to.deep.equal({
        purchase_order_items: ['would leave the order with 51 items; it may have at most 50'],
      });
      const tooMany = await admin.post('/purchase_orders', {
        purchase_order: { po_number: 'PO-51', purchase_order_items: items(51) },
      });
      expect(tooMany.status).to.equal(422);
      expect(tooMany.body.errors).to.deep.equal({ purchase_order_items: ['has too many entries (at most 50)'] });
    });

    it('refuses custom values beyond 20 keys, keys beyond 64 characters and text beyond 1,000', async () => {
      const res = await world.as('admin').post('/purchase_orders', {
        purchase_order: {
          po_number: 'PO-CV',
          custom_values: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])),
          purchase_order_items: [
            { product_name: 'A', quantity: 1, custom_values: { ['k'.repeat(65)]: 'v', long: 'l'.repeat(1001) } },
          ],
        },
      });
      expect(res.status).to.equal(422);
      expect(res.body.errors).to.deep.equal({
        custom_values: ['has too many keys (at most 20)'],
        [`purchase_order_items[0].custom_values.${'k'.repeat(65)}`]: ['key is too long (at most 64 characters)'],
        'purchase_order_items[0].custom_values.long': ['is too long (at most 1000 characters)'],
      });
    });
  });
});
