// The SDK against the reference server: real HTTP, real PostgreSQL, `*.localhost` addresses
// resolved by the SDK itself, every response checked against the spec by the server.

import {
  createClient,
  ForbiddenError,
  locationBaseUrl,
  NotFoundError,
  PreconditionFailedError,
  paginate,
  paginateOffset,
  RateLimitError,
  readETag,
  readPagination,
  toApiError,
  UnauthorizedError,
  unwrap,
  ValidationError,
} from '@warehouse-kit/sdk';
import { parseTime, wallClock } from '@warehouse-kit/sdk/time';
import { startWorld, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';

describe('SDK against the reference server', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ baseHost: 'localhost' })));
  after(() => server.close());

  const client = (user: 'admin' | 'integration' = 'admin', options: Partial<Parameters<typeof createClient>[0]> = {}) =>
    createClient({ baseUrl: world.url(), token: world.token(user), ...options });

  it('lists locations through a *.localhost address, typed by the spec', async () => {
    const { data, error, response } = await client().GET('/locations');
    expect(error).to.equal(undefined);
    expect(response.status).to.equal(200);
    expect(data!.map((location) => location.time_zone)).to.deep.equal([
      'Pacific/Auckland',
      'America/Toronto',
      'America/Vancouver',
    ]);
  });

  it('creates, updates and moves a purchase order, reading times in each warehouse zone', async () => {
    const api = client();
    const created = await unwrap(
      api.POST('/purchase_orders', {
        body: {
          purchase_order: {
            po_number: 'SDK-1',
            location_name: 'Toronto DC',
            expected_starts_at: wallClock({ year: 2026, month: 1, day: 15, hour: 9 }),
          },
        },
      }),
    );
    expect(created.expected_starts_at).to.equal('2026-01-15T09:00:00-05:00');

    const updated = await unwrap(
      api.PATCH('/purchase_orders/{id}', {
        params: { path: { id: created.id } },
        body: { purchase_order: { carrier_name: 'Fast Freight' } },
      }),
    );
    expect(updated.carrier_name).to.equal('Fast Freight');

    // A move renders the same instant in the destination's zone, and reads new offset-less
    // times there.
    const moved = await unwrap(
      api.PATCH('/purchase_orders/{id}', {
        params: { path: { id: created.id } },
        body: { purchase_order: { location_name: 'Auckland DC', expected_ends_at: '2026-01-16T10:00:00' } },
      }),
    );
    expect(moved.location_name).to.equal('Auckland DC');
    expect(parseTime(moved.expected_starts_at!).toMillis()).to.equal(parseTime(created.expected_starts_at!).toMillis());
    expect(moved.expected_starts_at).to.equal('2026-01-16T03:00:00+13:00');
    expect(moved.expected_ends_at).to.equal('2026-01-16T10:00:00+13:00');
  });

  it('iterates every record of a paginated list by following Link, and reads the page headers as numbers', async () => {
    const api = client();
    for (let i = 0; i < 7; i++)
      await unwrap(api.POST('/purchase_orders', { body: { purchase_order: { po_number: `SDK-PAGE-${i}` } } }));
    const first = await api.GET('/purchase_orders', { params: { query: { per_page: 3 } } });
    const pagination = readPagination(first.response);
    const total = pagination.totalCount!;
    expect(pagination.pageItems).to.equal(3);
    expect(pagination.totalPages).to.equal(Math.ceil(total / 3));

    const seen: string[] = [];
    for await (const order of paginate(api, '/purchase_orders', { params: { query: { per_page: 3 } } }))
      seen.push(order.po_number);
    expect(seen).to.have.length(total);
    expect(new Set(seen).size).to.equal(seen.length);
    expect(seen).to.include.members(['SDK-PAGE-0', 'SDK-PAGE-6']);
  });

  it('walks the booked-appointment search with limit and offset', async () => {
    const api = client();
    const order = await unwrap(
      api.POST('/purchase_orders', {
        body: { purchase_order: { po_number: 'SDK-BOOKED', location_name: 'Toronto DC' } },
      }),
    );
    await unwrap(
      api.POST('/appointments', {
        body: {
          appointment: {
            location_name: 'Toronto DC',
            scheduled_at: '2026-02-02T08:00:00',
            packing_lists: [{ po_number: 'SDK-BOOKED', product_name: 'Apples', quantity: 1 }],
          },
        },
      }),
    );
    const found = [];
    for await (const booked of paginateOffset(api, '/purchase_orders/with_booked_appointments', {
      params: { query: { limit: 1 } },
    }))
      found.push(booked);
    expect(found.map((booked) => booked.id)).to.include(order.id);
    expect(found.find((booked) => booked.id === order.id)!.appointments[0]).to.include({
      location_name: 'Toronto DC',
      location: 'Toronto DC',
      state: 'booked',
    });
  });

  it('turns the server answers into typed errors with the parsed body', async () => {
    const notFound = toApiError(await client().GET('/products/{id}', { params: { path: { id: 99999999 } } }));
    expect(notFound).to.be.instanceOf(NotFoundError);
    expect(notFound.path).to.equal('/api/v1/products/99999999');

    const invalid = await client().POST('/products', {
      body: { product: { name: ' ', location_name: 'Toronto DC', sku: 'APL-001' } },
    });
    const validation = toApiError(invalid) as ValidationError;
    expect(validation).to.be.instanceOf(ValidationError);
    expect(validation.errors).to.deep.equal({ name: ["can't be blank"], sku: ['has already been taken'] });

    const forbidden = toApiError(
      await client('integration').GET('/products', { params: { query: { location_name: 'Auckland DC' } } }),
    );
    expect(forbidden).to.be.instanceOf(ForbiddenError);

    const unauthorized = await createClient({ baseUrl: world.url(), token: 'not-a-token' }).GET('/locations');
    expect(toApiError(unauthorized)).to.be.instanceOf(UnauthorizedError);
  });

  it('throws typed errors in throw-on-error mode', async () => {
    const throwing = client('admin', { throwOnError: true });
    const error = await throwing
      .GET('/purchase_orders/{id}', { params: { path: { id: 99999999 } } })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NotFoundError);
  });

  it("reaches a location interface derived from the organization address and the location's url", async () => {
    const [toronto] = await unwrap(client().GET('/locations', { params: { query: { location_name: 'Toronto DC' } } }));
    const warehouse = createClient({ baseUrl: locationBaseUrl(world.url(), toronto!), token: world.token('admin') });
    const products = await unwrap(warehouse.GET('/products'));
    expect(products.every((product) => product.location_name === 'Toronto DC')).to.equal(true);
  });

  it('reports a real 429 with the reset time when retries are off', async () => {
    const api = client('integration', { retry: false });
    for (let i = 0; i < 120; i++) await unwrap(api.GET('/locations'));
    const refused = toApiError(await api.GET('/locations')) as RateLimitError;
    expect(refused).to.be.instanceOf(RateLimitError);
    expect(refused.rateLimit).to.include({ limit: 120, remaining: 0 });
    expect(refused.rateLimit!.reset!.getTime()).to.be.greaterThan(Date.now());
  });

  it('replays a create sent again with its Idempotency-Key, and reads, matches and refuses by ETag (extensions)', async () => {
    const api = client();
    const body = { company: { name: 'SDK Idempotent Carrier', company_type: 'carrier' as const } };
    const header = { 'Idempotency-Key': 'sdk-create-1' };
    const first = await api.POST('/companies', { params: { header }, body });
    const again = await api.POST('/companies', { params: { header }, body });
    expect(again.data!.id).to.equal(first.data!.id);
    expect(again.response.headers.get('Idempotent-Replayed')).to.equal('true');

    const read = await api.GET('/companies/{id}', { params: { path: { id: first.data!.id } } });
    const etag = readETag(read.response)!;
    expect(etag).to.equal(readETag(first.response));
    const updated = await api.PATCH('/companies/{id}', {
      params: { path: { id: first.data!.id }, header: { 'If-Match': etag } },
      body: { company: { city: 'Halifax' } },
    });
    expect(updated.data!.city).to.equal('Halifax');
    const stale = await api.PATCH('/companies/{id}', {
      params: { path: { id: first.data!.id }, header: { 'If-Match': etag } },
      body: { company: { city: 'Moncton' } },
    });
    const error = toApiError(stale);
    expect(error).to.be.instanceOf(PreconditionFailedError);
    expect((error as PreconditionFailedError).etag).to.equal(readETag(updated.response));
  });
});
