import { expect } from 'chai';
import {
  BadRequestError,
  createClient,
  PaginationError,
  pages,
  paginate,
  paginateOffset,
  readPagination,
  UnauthorizedError,
} from '../src/index.js';
import { collect } from './support/collect.js';
import { failureOf } from './support/failure.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

const LIST = `${BASE}/api/v1/purchase_orders`;

function link(rels: Record<string, string>): string {
  return Object.entries(rels)
    .map(([rel, url]) => `<${url}>; rel="${rel}"`)
    .join(', ');
}

function pageHeaders(current: number, total: number, count: number, rels: Record<string, string>) {
  return {
    'Current-Page': String(current),
    'Page-Items': '2',
    'Total-Pages': String(total),
    'Total-Count': String(count),
    Link: link(rels),
  };
}

describe('SDK pagination', () => {
  useNock();
  const client = () => createClient({ baseUrl: BASE, token: TOKEN });

  it('iterates every record across pages by following Link rel="next" until a last page without next', async () => {
    const q = (page: number) => `${LIST}?location_name=Toronto&per_page=2&page=${page}`;
    const scope = api()
      .get('/api/v1/purchase_orders')
      .query({ location_name: 'Toronto', per_page: '2' })
      .reply(200, [{ id: 1 }, { id: 2 }], pageHeaders(1, 3, 5, { first: q(1), next: q(2), last: q(3) }))
      .get('/api/v1/purchase_orders')
      .query({ location_name: 'Toronto', per_page: '2', page: '2' })
      .reply(200, [{ id: 3 }, { id: 4 }], pageHeaders(2, 3, 5, { first: q(1), prev: q(1), next: q(3), last: q(3) }))
      .get('/api/v1/purchase_orders')
      .query({ location_name: 'Toronto', per_page: '2', page: '3' })
      .reply(200, [{ id: 5 }], pageHeaders(3, 3, 5, { first: q(1), prev: q(2), last: q(3) }));
    const orders = await collect(
      paginate(client(), '/purchase_orders', { params: { query: { location_name: 'Toronto', per_page: 2 } } }),
    );
    expect(orders.map((order) => order.id)).to.deep.equal([1, 2, 3, 4, 5]);
    scope.done();
  });

  it('requests exactly the URL the next link names rather than computing a page number', async () => {
    const scope = api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: link({ next: `${BASE}/api/v1/products?cursor=opaque%2Fvalue` }) })
      .get('/api/v1/products')
      .query({ cursor: 'opaque/value' })
      .reply(200, [{ id: 2 }], { Link: link({ first: `${BASE}/api/v1/products` }) });
    expect((await collect(paginate(client(), '/products'))).map((p) => p.id)).to.deep.equal([1, 2]);
    scope.done();
  });

  it('reads product limits out of their {product_limits} wrapper', async () => {
    const next = `${BASE}/api/v1/product_limits?page=2`;
    const scope = api()
      .get('/api/v1/product_limits')
      .reply(200, { product_limits: [{ id: 10 }] }, { Link: link({ next }) })
      .get('/api/v1/product_limits')
      .query({ page: '2' })
      .reply(200, { product_limits: [{ id: 11 }] });
    expect((await collect(paginate(client(), '/product_limits'))).map((l) => l.id)).to.deep.equal([10, 11]);
    scope.done();
  });

  it('refuses an answer that holds no list instead of yielding nothing', async () => {
    api().get('/api/v1/products').reply(200, { id: 1 });
    expect(await failureOf(collect(paginate(client(), '/products')))).to.be.instanceOf(PaginationError);
  });

  it('fetches the next page only when the records before it have been consumed', async () => {
    const scope = api()
      .get('/api/v1/companies')
      .reply(200, [{ id: 1 }, { id: 2 }], { Link: link({ next: `${BASE}/api/v1/companies?page=2` }) })
      .get('/api/v1/companies')
      .query({ page: '2' })
      .reply(200, [{ id: 3 }]);
    const records = paginate(client(), '/companies');
    expect((await records.next()).value).to.deep.equal({ id: 1 });
    expect((await records.next()).value).to.deep.equal({ id: 2 });
    expect(scope.pendingMocks()).to.have.length(1);
    expect((await records.next()).value).to.deep.equal({ id: 3 });
    expect((await records.next()).done).to.equal(true);
    scope.done();
  });

  it('treats a list without a Link header as its only page', async () => {
    api()
      .get('/api/v1/appointments')
      .reply(200, [{ id: 1 }]);
    expect(await collect(paginate(client(), '/appointments'))).to.have.length(1);
  });

  it('yields each page with its pagination headers read as numbers', async () => {
    const q = (page: number) => `${LIST}?page=${page}`;
    api()
      .get('/api/v1/purchase_orders')
      .reply(200, [{ id: 1 }, { id: 2 }], pageHeaders(1, 2, 3, { first: q(1), next: q(2), last: q(2) }))
      .get('/api/v1/purchase_orders')
      .query({ page: '2' })
      .reply(200, [{ id: 3 }], pageHeaders(2, 2, 3, { first: q(1), prev: q(1), last: q(2) }));
    const seen = await collect(pages(client(), '/purchase_orders'));
    expect(seen.map((page) => page.pagination.currentPage)).to.deep.equal([1, 2]);
    const [first] = seen;
    expect(first?.records).to.have.length(2);
    expect(first?.pagination).to.deep.include({ currentPage: 1, pageItems: 2, totalPages: 2, totalCount: 3 });
    expect(first?.pagination.links.next?.href).to.equal(q(2));
    expect(first?.pagination.links.last?.href).to.equal(q(2));
    expect(seen[1]?.pagination.links.next).to.equal(undefined);
  });

  it('reads absent or non-numeric pagination headers as undefined', () => {
    const response = new Response('[]', {
      headers: { 'Current-Page': 'two', 'Total-Count': '-1', 'Page-Items': '25' },
    });
    expect(readPagination(response)).to.deep.equal({
      currentPage: undefined,
      pageItems: 25,
      totalPages: undefined,
      totalCount: undefined,
      links: {},
    });
  });

  it('throws rather than stopping early when the Link header is malformed', async () => {
    api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: `<${BASE}/api/v1/products?page=2; rel="next"` });
    const failure = await failureOf(collect(paginate(client(), '/products')));
    expect(failure).to.be.instanceOf(TypeError);
    expect((failure as Error).message).to.match(/Link header could not be read/);
  });

  it('refuses a next link to another origin, so the token is not sent there', async () => {
    api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: link({ next: 'https://evil.example.test/api/v1/products?page=2' }) });
    const failure = await failureOf(collect(paginate(client(), '/products')));
    expect(failure).to.be.instanceOf(PaginationError);
    expect((failure as Error).message).to.match(/leaves https:\/\/acme\.example\.test/);
  });

  it('refuses a next link to another path', async () => {
    api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: link({ next: `${BASE}/api/v1/companies?page=2` }) });
    expect(await failureOf(collect(paginate(client(), '/products')))).to.be.instanceOf(PaginationError);
  });

  it('follows the next link of a list whose path has a parameter, and refuses one to another record', async () => {
    const deliveries = (id: number, page: number) => `${BASE}/api/v1/webhook_endpoints/${id}/deliveries?page=${page}`;
    const init = { params: { path: { id: 3 } } };
    api()
      .get('/api/v1/webhook_endpoints/3/deliveries')
      .reply(200, [{ id: 1 }], { Link: link({ next: deliveries(3, 2) }) })
      .get('/api/v1/webhook_endpoints/3/deliveries')
      .query({ page: '2' })
      .reply(200, [{ id: 2 }]);
    const walked = await collect(paginate(client(), '/webhook_endpoints/{id}/deliveries', init));
    expect(walked.map((delivery) => delivery.id)).to.deep.equal([1, 2]);

    api()
      .get('/api/v1/webhook_endpoints/3/deliveries')
      .reply(200, [{ id: 1 }], { Link: link({ next: deliveries(4, 2) }) });
    const failure = await failureOf(collect(paginate(client(), '/webhook_endpoints/{id}/deliveries', init)));
    expect(failure).to.be.instanceOf(PaginationError);
    expect((failure as Error).message).to.include('is not a page of /webhook_endpoints/3/deliveries');
  });

  it('refuses a next link that points back at the page it came from', async () => {
    const self = `${BASE}/api/v1/products?page=2`;
    api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: link({ next: self }) })
      .get('/api/v1/products')
      .query({ page: '2' })
      .reply(200, [{ id: 2 }], { Link: link({ next: self }) });
    const failure = await failureOf(collect(paginate(client(), '/products')));
    expect((failure as Error).message).to.match(/points back at the same page/);
  });

  it('throws the typed error of a page that fails after earlier records were yielded', async () => {
    api()
      .get('/api/v1/products')
      .reply(200, [{ id: 1 }], { Link: link({ next: `${BASE}/api/v1/products?page=2` }) })
      .get('/api/v1/products')
      .query({ page: '2' })
      .reply(401, { error: 'Invalid API token' });
    const yielded: number[] = [];
    const failure = await failureOf(
      (async () => {
        for await (const product of paginate(client(), '/products')) yielded.push(product.id);
      })(),
    );
    expect(yielded).to.deep.equal([1]);
    expect(failure).to.be.instanceOf(UnauthorizedError);
  });

  describe('with limit and offset', () => {
    const PATH = '/api/v1/purchase_orders/with_booked_appointments';

    it('walks the offsets until a page is shorter than the limit', async () => {
      const scope = api()
        .get(PATH)
        .query({ location_name: 'Toronto', limit: '2', offset: '0' })
        .reply(200, [{ id: 1 }, { id: 2 }], { 'Total-Count': '5' })
        .get(PATH)
        .query({ location_name: 'Toronto', limit: '2', offset: '2' })
        .reply(200, [{ id: 3 }, { id: 4 }], { 'Total-Count': '5' })
        .get(PATH)
        .query({ location_name: 'Toronto', limit: '2', offset: '4' })
        .reply(200, [{ id: 5 }], { 'Total-Count': '5' });
      const orders = await collect(
        paginateOffset(client(), '/purchase_orders/with_booked_appointments', {
          params: { query: { location_name: 'Toronto', limit: 2 } },
        }),
      );
      expect(orders.map((order) => order.id)).to.deep.equal([1, 2, 3, 4, 5]);
      scope.done();
    });

    it('stops at an empty page when the total is a multiple of the limit', async () => {
      const scope = api()
        .get(PATH)
        .query({ limit: '2', offset: '0' })
        .reply(200, [{ id: 1 }, { id: 2 }])
        .get(PATH)
        .query({ limit: '2', offset: '2' })
        .reply(200, []);
      expect(
        await collect(
          paginateOffset(client(), '/purchase_orders/with_booked_appointments', { params: { query: { limit: 2 } } }),
        ),
      ).to.have.length(2);
      scope.done();
    });

    it('sends the default limit of 100 and starts from the offset given', async () => {
      const scope = api()
        .get(PATH)
        .query({ limit: '100', offset: '40' })
        .reply(200, [{ id: 41 }]);
      expect(
        await collect(
          paginateOffset(client(), '/purchase_orders/with_booked_appointments', { params: { query: { offset: 40 } } }),
        ),
      ).to.have.length(1);
      scope.done();
    });

    it('throws the typed error when the server refuses the limit', async () => {
      api().get(PATH).query({ limit: '500', offset: '0' }).reply(400, { error: 'limit must be between 1 and 250' });
      const failure = await failureOf(
        collect(
          paginateOffset(client(), '/purchase_orders/with_booked_appointments', { params: { query: { limit: 500 } } }),
        ),
      );
      expect(failure).to.be.instanceOf(BadRequestError);
      expect((failure as BadRequestError).error).to.equal('limit must be between 1 and 250');
    });
  });
});
