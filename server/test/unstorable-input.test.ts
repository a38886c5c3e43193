import type { ApiClient, TestServer } from '@warehouse-kit/testing/server';
import { startWorld, uniqueId, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { createAppointment } from './support/appointments.js';
import { createOrder } from './support/purchase-orders.js';

/** An entity-tag list of exactly `length` characters: `etag`, then one long tag. */
function tagList(etag: string, length: number): string {
  const start = `${etag}, "`;
  return `${start}${'x'.repeat(length - start.length - 1)}"`;
}

describe('input PostgreSQL cannot store, and over-long headers', () => {
  let server: TestServer;
  let world: World;
  let toronto: ApiClient;

  before(async () => {
    ({ server, world } = await startWorld({ config: { authFailuresPerMinute: 1000 } }));
    toronto = world.as('admin', 'toronto');
  });
  after(() => server.close());

  /** POSTs the JSON text as it is, with an Idempotency-Key when given. */
  const post = (json: string, key?: string) =>
    toronto.request('POST', '/products', { body: json, headers: key ? { 'idempotency-key': key } : {} });

  // Reference numbers are a text[] column: every element is written quoted (TextArrayType), so
  // what PostgreSQL's array syntax would read otherwise is stored as sent. A blank element was
  // a 500 (found by `npm run fuzz`), " A" came back "A" and NULL came back null.
  it('stores reference numbers exactly as sent, whatever array syntax they hold', async () => {
    const tricky = [
      'NULL',
      'null',
      'A,B',
      'q"uote',
      'back\\slash',
      '{x}',
      'a b',
      '\\"{,}',
      'é€',
      'tab\tnew\nline',
      'tab\t,comma',
    ];
    const sent = [' ', ' padded ', ...tricky];
    const appointment = await createAppointment(toronto, {
      scheduled_at: '2033-03-01T10:00:00',
      dock_name: 'Dock 1',
      carrier_name: 'Fast Freight',
      customer_name: 'Fresh Market',
      reference_numbers: sent,
    });
    expect(appointment.reference_numbers).to.deep.equal(sent);
    expect((await toronto.get(`/appointments/${appointment.id}`)).body.reference_numbers).to.deep.equal(sent);
    // Orders refuse blank reference numbers and trim the others, so no spaces here.
    const order = await createOrder(toronto, { reference_numbers: tricky });
    expect(order.reference_numbers).to.deep.equal(tricky);
    expect((await toronto.get(`/purchase_orders/${order.id}`)).body.reference_numbers).to.deep.equal(tricky);
  });

  it("answers a NUL in an unknown field's name with 422, the name escaped, and replays it for its Idempotency-Key", async () => {
    const json = '{"product":{"name":"ok","sku":"NUL-6","x\\u0000":1}}';
    const errors = {
      'x\\u0000': ['is not a known attribute', 'key must not contain the NUL character (U+0000)'],
    };
    const key = uniqueId('k1-');
    const first = await post(json, key);
    expect(first.status, JSON.stringify(first.body)).to.equal(422);
    expect(first.body.errors).to.deep.equal(errors);
    for (let i = 0; i < 2; i++) {
      const again = await post(json, key);
      expect(again.status).to.equal(422);
      expect(again.headers['idempotent-replayed']).to.equal('true');
      expect(again.body).to.deep.equal(first.body);
    }
    const without = await post(json);
    expect(without.status).to.equal(422);
    expect(without.body.errors).to.deep.equal(errors);
  });

  it('refuses an unpaired surrogate in a value or a key with 422, creates nothing, and replays the answer', async () => {
    const inValue = '{"product":{"name":"ok\\ud800","sku":"SUR-1"}}';
    const key = uniqueId('k2-');
    const first = await post(inValue, key);
    expect(first.status, JSON.stringify(first.body)).to.equal(422);
    expect(first.body.errors).to.deep.equal({
      name: ['must not contain an unpaired surrogate (U+D800 to U+DFFF)'],
    });
    const again = await post(inValue, key);
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
    expect((await toronto.get('/products', { sku: 'SUR-1' })).body).to.deep.equal([]);

    const inKey = await post('{"product":{"name":"ok","sku":"SUR-2","x\\udc00":1}}', uniqueId('k3-'));
    expect(inKey.status).to.equal(422);
    expect(inKey.body.errors).to.deep.equal({
      'x\\udc00': ['is not a known attribute', 'key must not contain an unpaired surrogate (U+D800 to U+DFFF)'],
    });
    // A pair is a character like any other.
    const paired = await post('{"product":{"name":"ok \\ud83d\\ude9a","sku":"SUR-3"}}', uniqueId('k4-'));
    expect(paired.status).to.equal(200);
    expect(paired.body.name).to.equal('ok 🚚');
  });

  it('escapes a NUL in a nested key that a rule names, and stores that answer too', async () => {
    const json = `{"purchase_order":{"po_number":"${uniqueId('PO-')}","custom_values":{"a\\u0000b":"x"}}}`;
    const key = uniqueId('k5-');
    const first = await world.as('admin').request('POST', '/purchase_orders', {
      body: json,
      headers: { 'idempotency-key': key },
    });
    expect(first.status).to.equal(422);
    expect(Object.keys(first.body.errors)).to.deep.equal(['custom_values.a\\u0000b']);
    const again = await world.as('admin').request('POST', '/purchase_orders', {
      body: json,
      headers: { 'idempotency-key': key },
    });
    expect(again.headers['idempotent-replayed']).to.equal('true');
    expect(again.body).to.deep.equal(first.body);
  });

  describe('header lengths the spec documents', () => {
    let id: number;
    let etag: string;

    before(async () => {
      const created = await post(JSON.stringify({ product: { name: 'Header Pears', sku: uniqueId('HP-') } }));
      expect(created.status).to.equal(200);
      id = created.body.id;
      etag = created.headers.etag!;
    });

    it('refuses If-None-Match longer than 4096 characters with 400, and reads with one of 4096', async () => {
      const longest = tagList(etag, 4096);
      expect(longest).to.have.length(4096);
      const read = await toronto.request('GET', `/products/${id}`, { headers: { 'if-none-match': longest } });
      expect(read.status).to.equal(304);
      const refused = await toronto.request('GET', `/products/${id}`, {
        headers: { 'if-none-match': tagList(etag, 4097) },
      });
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.equal('header If-None-Match is too long (at most 4096 characters)');
    });

    it('refuses If-Match longer than 4096 characters with 400 and writes nothing, and writes with one of 4096', async () => {
      const longest = tagList(etag, 4096);
      const refused = await toronto.request('PATCH', `/products/${id}`, {
        body: { product: { name: 'Too Long' } },
        headers: { 'if-match': tagList(etag, 4097) },
      });
      expect(refused.status).to.equal(400);
      expect(refused.body.error).to.equal('header If-Match is too long (at most 4096 characters)');
      expect((await toronto.get(`/products/${id}`)).body.name).to.equal('Header Pears');
      const written = await toronto.request('PATCH', `/products/${id}`, {
        body: { product: { name: 'Just Fits' } },
        headers: { 'if-match': longest },
      });
      expect(written.status).to.equal(200);
      expect(written.body.name).to.equal('Just Fits');
    });

    it('refuses an Idempotency-Key longer than 255 characters with 400', async () => {
      const res = await post(JSON.stringify({ product: { name: 'Key', sku: uniqueId('K-') } }), 'k'.repeat(256));
      expect(res.status).to.equal(400);
      expect(res.body.error).to.include('Idempotency-Key');
    });
  });
});
