import { inspect } from 'node:util';
import { expect } from 'chai';
import {
  ApiError,
  BadRequestError,
  createClient,
  ForbiddenError,
  MethodNotAllowedError,
  NotFoundError,
  PaymentRequiredError,
  PreconditionFailedError,
  RateLimitError,
  readRequestId,
  ServerError,
  toApiError,
  UnauthorizedError,
  unwrap,
  ValidationError,
} from '../src/index.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

const RATE_HEADERS = {
  'X-RateLimit-Limit': '120',
  'X-RateLimit-Remaining': '57',
  'X-RateLimit-Reset': '2025-03-09T14:05:00Z',
};

function client(throwOnError = false) {
  return createClient({ baseUrl: BASE, token: TOKEN, retry: false, throwOnError });
}

describe('SDK errors', () => {
  useNock();

  const families = [
    [400, BadRequestError, 'location_name is required'],
    [401, UnauthorizedError, 'Invalid API token'],
    [402, PaymentRequiredError, 'No paid location'],
    [403, ForbiddenError, 'No access to Toronto'],
    [404, NotFoundError, 'Purchase order not found'],
    [405, MethodNotAllowedError, 'Appointments are cancelled, not deleted'],
    [429, RateLimitError, 'Rate limit exceeded'],
    [500, ServerError, 'Internal server error'],
    [503, ServerError, 'Down for maintenance'],
  ] as const;

  const carried = 'status, body, method, path and rate-limit headers';
  for (const [status, ErrorClass, message] of families) {
    it(`turns a ${status} answer into a ${ErrorClass.name} with ${carried}`, async () => {
      api()
        .get('/api/v1/purchase_orders/12')
        .query({ location_name: 'Toronto' })
        .reply(status, { error: message }, RATE_HEADERS);
      const result = await client().GET('/purchase_orders/{id}', {
        params: { path: { id: 12 }, query: { location_name: 'Toronto' } },
      });
      const error = toApiError(result);
      expect(error).to.be.instanceOf(ErrorClass).and.instanceOf(ApiError).and.instanceOf(Error);
      expect(error.name).to.equal(ErrorClass.name);
      expect(error).to.include({ status, method: 'GET', path: '/api/v1/purchase_orders/12', error: message });
      expect(error.url).to.equal(`${BASE}/api/v1/purchase_orders/12?location_name=Toronto`);
      expect(error.body).to.deep.equal({ error: message });
      expect(error.rateLimit).to.deep.equal({ limit: 120, remaining: 57, reset: new Date('2025-03-09T14:05:00Z') });
      expect(error.message).to.equal(`GET /api/v1/purchase_orders/12 answered ${status}: ${message}`);
    });
  }

  it('turns a 412 into a PreconditionFailedError carrying the current ETag, after sending If-Match', async () => {
    api()
      .patch('/api/v1/products/9')
      .matchHeader('if-match', '"3"')
      .reply(412, { error: "If-Match does not match the record's current ETag" }, { ETag: '"4"' });
    const result = await client().PATCH('/products/{id}', {
      params: { path: { id: 9 }, header: { 'If-Match': '"3"' } },
      body: { product: { name: 'Pears' } },
    });
    const error = toApiError(result);
    expect(error).to.be.instanceOf(PreconditionFailedError);
    expect((error as PreconditionFailedError).etag).to.equal('"4"');
  });

  it("carries the answer's X-Request-Id as requestId and names it in the message", async () => {
    api()
      .get('/api/v1/products/9')
      .reply(404, { error: 'Product not found', request_id: 'req-7f3a' }, { 'X-Request-Id': 'req-7f3a' })
      .get('/api/v1/products/10')
      .reply(404, { error: 'Product not found' });
    const error = toApiError(await client().GET('/products/{id}', { params: { path: { id: 9 } } }));
    expect(error.requestId).to.equal('req-7f3a');
    expect(error.message).to.equal('GET /api/v1/products/9 answered 404: Product not found (request id req-7f3a)');
    const without = toApiError(await client().GET('/products/{id}', { params: { path: { id: 10 } } }));
    expect(without.requestId).to.equal(undefined);
    expect(without.message).not.to.include('request id');
  });

  it('reads the request id of any answer, successful ones included', async () => {
    api().get('/api/v1/locations').reply(200, [], { 'X-Request-Id': ' req-1 ' });
    const { response } = await client().GET('/locations');
    expect(readRequestId(response)).to.equal('req-1');
  });

  it('carries the errors map of a 422 by field path and names the fields in its message', async () => {
    const errors = { sku: ['has already been taken'], 'purchase_order_items[1].quantity': ['must be greater than 0'] };
    api().post('/api/v1/products').reply(422, { errors });
    const result = await client().POST('/products', {
      body: { product: { name: 'Widget', sku: 'W-1', location_name: 'Toronto' } },
    });
    const error = toApiError(result);
    expect(error).to.be.instanceOf(ValidationError);
    expect((error as ValidationError).errors).to.deep.equal(errors);
    expect(error.method).to.equal('POST');
    expect(error.message).to.equal(
      'POST /api/v1/products answered 422: sku has already been taken; ' +
        'purchase_order_items[1].quantity must be greater than 0',
    );
  });

  it('prints in a few lines, as Node prints an uncaught error, keeping the response out of them', async () => {
    api()
      .post('/api/v1/products')
      .reply(422, { errors: { sku: ['has already been taken'] } }, { 'X-Request-Id': 'r-1' });
    const result = await client().POST('/products', {
      body: { product: { name: 'Widget', sku: 'W-1', location_name: 'Toronto' } },
    });
    const error = toApiError(result);
    expect(error.response.status).to.equal(422);
    const printed = inspect(error);
    expect(printed).to.include("errors: { sku: [ 'has already been taken' ] }").and.include("requestId: 'r-1'");
    expect(printed).not.to.match(/Response \{|Headers|ReadableStream/);
    expect(printed.split('\n').length, printed).to.be.below(30);
  });

  it('gives a 422 whose body has no usable errors map an empty map rather than failing', async () => {
    api().delete('/api/v1/products/3').reply(422, { errors: 'nope' });
    const error = toApiError(await client().DELETE('/products/{id}', { params: { path: { id: 3 } } }));
    expect((error as ValidationError).errors).to.deep.equal({});
    expect(error.message).to.match(/answered 422: HTTP 422$/);
  });

  it('reads the methods a path offers from the Allow header of a 405', async () => {
    api().get('/api/v1/locations').reply(405, { error: 'no' }, { Allow: 'GET, PATCH, PUT' });
    const error = toApiError(await client().GET('/locations'));
    expect((error as MethodNotAllowedError).allow).to.deep.equal(['GET', 'PATCH', 'PUT']);
  });

  it('keeps a body that is not JSON as text, as from a proxy error page', async () => {
    api().get('/api/v1/locations').reply(502, '<html>Bad gateway</html>', { 'Content-Type': 'text/html' });
    const error = toApiError(await client().GET('/locations'));
    expect(error).to.be.instanceOf(ServerError);
    expect(error.body).to.equal('<html>Bad gateway</html>');
    expect(error.error).to.equal(undefined);
    expect(error.rateLimit).to.deep.equal({ limit: undefined, remaining: undefined, reset: undefined });
  });

  it('falls back to ApiError for a status without a class of its own', async () => {
    api().get('/api/v1/locations').reply(409, { error: 'Conflict' });
    const error = toApiError(await client().GET('/locations'));
    expect(error.constructor).to.equal(ApiError);
    expect(error.status).to.equal(409);
  });

  it('refuses to turn a successful result into an error', async () => {
    api().get('/api/v1/locations').reply(200, []);
    const result = await client().GET('/locations');
    expect(() => toApiError(result)).to.throw(TypeError, /non-2xx/);
  });

  it('rejects with the typed error in throw-on-error mode', async () => {
    api().patch('/api/v1/purchase_orders/5').reply(404, { error: 'Location not found' }, RATE_HEADERS);
    const failure = await client(true)
      .PATCH('/purchase_orders/{id}', {
        params: { path: { id: 5 } },
        body: { purchase_order: { location_name: 'Nowhere' } },
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).to.be.instanceOf(NotFoundError);
    expect(failure).to.include({ method: 'PATCH', path: '/api/v1/purchase_orders/5', error: 'Location not found' });
    expect((failure as NotFoundError).rateLimit.remaining).to.equal(57);
  });

  it('still resolves successful answers in throw-on-error mode', async () => {
    api()
      .get('/api/v1/locations')
      .reply(200, [{ name: 'Toronto', url: 'acme-toronto', time_zone: 'America/Toronto' }]);
    const { data } = await client(true).GET('/locations');
    expect(data?.[0]?.name).to.equal('Toronto');
  });

  it('unwraps the data of a successful call', async () => {
    api().get('/api/v1/products/7').reply(200, { id: 7, name: 'Widget' });
    const product = await unwrap(client().GET('/products/{id}', { params: { path: { id: 7 } } }));
    expect(product.name).to.equal('Widget');
  });

  it('unwraps a failed call into a thrown typed error', async () => {
    api().get('/api/v1/products/7').reply(401, { error: 'Invalid API token' });
    const failure = await unwrap(client().GET('/products/{id}', { params: { path: { id: 7 } } })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).to.be.instanceOf(UnauthorizedError);
  });

  it('unwraps a 204 delete to undefined', async () => {
    api().delete('/api/v1/purchase_orders/9').reply(204);
    expect(await unwrap(client().DELETE('/purchase_orders/{id}', { params: { path: { id: 9 } } }))).to.equal(undefined);
  });
});
