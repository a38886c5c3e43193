import { expect } from 'chai';
import { createClient, paginate, paginateOffset, type Schema, unwrap, type WarehouseClient } from '../src/index.js';
import { wallClock } from '../src/time.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

// Compiled, never called. Every line under a @ts-expect-error must fail to type-check; if the
// types ever stop catching that mistake, the directive is unused and `npm run build` fails.
async function mistakesTheTypesCatch(client: WarehouseClient): Promise<void> {
  // @ts-expect-error a path the contract does not have
  await client.GET('/purchase_order');
  // @ts-expect-error a misspelt field in a request body
  await client.POST('/purchase_orders', { body: { purchase_order: { po_numbr: 'PO-1' } } });
  // @ts-expect-error a required field left out (po_number)
  await client.POST('/purchase_orders', { body: { purchase_order: { location_name: 'Toronto' } } });
  // @ts-expect-error a field of the wrong type
  await client.POST('/purchase_orders', { body: { purchase_order: { po_number: 42 } } });
  // @ts-expect-error the record wrapper left out
  await client.POST('/products', { body: { name: 'Widget', sku: 'W-1' } });
  // @ts-expect-error a value outside an enum
  await client.POST('/companies', { body: { company: { name: 'Acme Freight', company_type: 'vendor' } } });
  // @ts-expect-error a path parameter of the wrong type
  await client.GET('/purchase_orders/{id}', { params: { path: { id: '12' } } });
  // @ts-expect-error a required path parameter left out
  await client.GET('/purchase_orders/{id}');
  // @ts-expect-error a query parameter the operation does not take
  await client.GET('/purchase_orders', { params: { query: { pge: 2 } } });
  // Deleting an appointment is a documented 405 (DECISIONS 9): the call compiles, but it has no answer to read.
  const { data: deleted } = await client.DELETE('/appointments/{id}', { params: { path: { id: 1 } } });
  // @ts-expect-error a refused method has no success body
  void deleted.id;

  const { data } = await client.GET('/purchase_orders/{id}', { params: { path: { id: 12 } } });
  // @ts-expect-error a response field that does not exist
  void data?.po_numbr;
  const order = await unwrap(client.GET('/purchase_orders/{id}', { params: { path: { id: 12 } } }));
  // @ts-expect-error unwrap returns the record itself, which has no `data`
  void order.data;

  for await (const record of paginate(client, '/product_limits')) {
    // @ts-expect-error paginated records are typed by path: product limits have no po_number
    void record.po_number;
  }
  // @ts-expect-error locations are not paginated
  paginate(client, '/locations');
  // @ts-expect-error page-paginated lists are not walked by offset
  paginateOffset(client, '/purchase_orders');
  // @ts-expect-error wallClock takes units or a DateTime, not text whose meaning is unknown
  wallClock('2025-03-09T09:00:00');
}

describe('SDK types', () => {
  useNock();

  it('compiles the mistakes above only as errors, and sends a correctly typed create', async () => {
    const body = {
      purchase_order: {
        po_number: 'PO-1',
        location_name: 'Toronto',
        purchase_order_items: [{ product_name: 'Widget', quantity: 5 }],
      },
    };
    const scope = api()
      .post('/api/v1/purchase_orders', body)
      .reply(200, { id: 1, po_number: 'PO-1', location_name: 'Toronto' });
    const client = createClient({ baseUrl: BASE, token: TOKEN });
    const order: Pick<Schema<'PurchaseOrder'>, 'id' | 'po_number'> = await unwrap(
      client.POST('/purchase_orders', { body }),
    );
    expect(order).to.include({ id: 1, po_number: 'PO-1' });
    expect(mistakesTheTypesCatch).to.be.a('function');
    scope.done();
  });
});
