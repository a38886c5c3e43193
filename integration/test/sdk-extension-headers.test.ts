// Every write operation of the spec through the SDK, under each declaration of extensions,
// against the reference server: each is answered as documented, so no header the SDK adds by
// itself is refused, and the SDK adds an Idempotency-Key or If-Match only where the operation
// declares it (DECISIONS 305, 306). The operations come from the spec, so a new write fails
// here until it has a case.
import { readFileSync } from 'node:fs';
import { createClient, localhostFetch } from '@warehouse-kit/sdk';
import { listOperations } from '@warehouse-kit/spec/document';
import { createWorld, type LocationKey, startTestServer, type TestServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import {
  DECLARATIONS,
  declares,
  Fixtures,
  headerFaults,
  type SentRequest,
  successStatus,
  writeOperations,
} from './support/write-cases.js';

interface Call {
  params?: { path?: Record<string, number> };
  body?: unknown;
  /** A location interface, for the operations only it offers. */
  location?: LocationKey;
  /** The documented answer, when the operation has no success. */
  status?: number;
}

const id = (value: number) => ({ path: { id: value } });

/** The arguments of one call of each write operation, by operationId. */
const CASES: Record<string, (fixtures: Fixtures) => Promise<Call>> = {
  createProduct: async (f) => ({ body: { product: { name: f.unique('Pears'), location_name: 'Toronto DC' } } }),
  updateProduct: async (f) => ({ params: id(await f.product()), body: { product: { sku: f.unique('SKU') } } }),
  putProduct: async (f) => ({ params: id(await f.product()), body: { product: { sku: f.unique('SKU') } } }),
  deleteProduct: async (f) => ({ params: id(await f.product()) }),
  createCompany: async (f) => ({ body: { company: { name: f.unique('Shipper'), company_type: 'customer' } } }),
  updateCompany: async (f) => ({ params: id(await f.company()), body: { company: { name: f.unique('Renamed') } } }),
  putCompany: async (f) => ({ params: id(await f.company()), body: { company: { name: f.unique('Renamed') } } }),
  deleteCompany: async (f) => ({ params: id(await f.company()) }),
  createAppointment: async (f) => ({ body: { appointment: f.appointmentFields() } }),
  updateAppointment: async (f) => ({ params: id(await f.appointment()), body: { appointment: { duration: 90 } } }),
  putAppointment: async (f) => ({ params: id(await f.appointment()), body: { appointment: { duration: 90 } } }),
  // An appointment is cancelled, never deleted: always 405.
  deleteAppointment: async (f) => ({ params: id(await f.appointment()), status: 405 }),
  createPurchaseOrder: async (f) => ({ body: { purchase_order: { po_number: f.unique('PO') } } }),
  updatePurchaseOrder: async (f) => ({ params: id(await f.order()), body: { purchase_order: { notes: 'dock 4' } } }),
  putPurchaseOrder: async (f) => ({ params: id(await f.order()), body: { purchase_order: { notes: 'dock 4' } } }),
  deletePurchaseOrder: async (f) => ({ params: id(await f.order()) }),
  createBulkUpload: async (f) => ({
    location: 'toronto',
    body: { bulk_upload: { products: [{ name: f.unique('Plums'), sku: f.unique('PLM') }] } },
  }),
  createWebhookEndpoint: async (f) => ({
    body: { webhook_endpoint: { url: 'http://127.0.0.1:9/hook', description: f.unique('Hook') } },
  }),
  updateWebhookEndpoint: async (f) => ({
    params: id(await f.endpoint()),
    body: { webhook_endpoint: { enabled: false } },
  }),
  deleteWebhookEndpoint: async (f) => ({ params: id(await f.endpoint()) }),
  rotateWebhookEndpointSecret: async (f) => ({ params: id(await f.endpoint()) }),
  redeliverWebhookDelivery: async (f) => {
    const { endpoint, delivery } = await f.delivery();
    return { params: { path: { id: endpoint, delivery_id: delivery } } };
  },
  recoverWebhookEndpoint: async (f) => ({
    params: id(await f.endpoint()),
    body: { recovery: { since: new Date(Date.now() - 60_000).toISOString() } },
  }),
};

describe('the SDK sends each write operation with only the headers it declares', () => {
  let server: TestServer;
  before(
    async () => (server = await startTestServer({ baseHost: 'localhost', config: { webhookAllowPrivate: true } })),
  );
  after(() => server.close());

  it('has a case for every write operation of the spec, and none for another', () => {
    const operations = writeOperations().map((operation) => operation.operationId);
    expect(
      operations.filter((operationId) => !(operationId in CASES)),
      'write operations without a case',
    ).to.deep.equal([]);
    expect(Object.keys(CASES).filter((operationId) => !operations.includes(operationId))).to.deep.equal([]);
  });

  it("lists in the integrators' guide's table exactly the operations that take each header", () => {
    const guide = readFileSync(new URL('../../../docs/integrators.md', import.meta.url), 'utf8');
    for (const header of ['Idempotency-Key', 'If-Match', 'If-None-Match']) {
      const row = new RegExp(`^\\| \`${header}\` \\| (.*) \\|$`, 'm').exec(guide);
      expect(row, `a row for ${header}`).not.to.equal(null);
      // "`PATCH` and `PUT` of `/a`, `/b`; `GET` of `/c`": each part's methods with each of its paths.
      const listed = row![1]!.split(';').flatMap((part) => {
        const names = [...part.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
        const paths = names.filter((name) => name.startsWith('/'));
        return names
          .filter((name) => !name.startsWith('/'))
          .flatMap((method) => paths.map((path) => `${method} ${path}`));
      });
      const declared = listOperations()
        .filter((operation) => declares(operation, header))
        .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
      expect([...listed].sort(), header).to.deep.equal(declared.sort());
    }
  });

  for (const declaration of DECLARATIONS) {
    it(`has every write answered as documented when the client declares ${declaration.title}`, async function () {
      this.timeout(60_000);
      // An organization of its own, for its own rate limit and webhook endpoints (at most 20).
      const world = await createWorld(server);
      const fixtures = new Fixtures(world);
      const sent: SentRequest[] = [];
      const recording = (request: Request) => {
        sent.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers) });
        return localhostFetch(request);
      };
      const client = (location?: LocationKey) =>
        createClient({
          baseUrl: world.url(location),
          token: world.token('admin'),
          extensions: declaration.extensions,
          fetch: recording,
        });
      const wrong: string[] = [];
      for (const operation of writeOperations()) {
        const call = await CASES[operation.operationId]!(fixtures);
        const init = { params: call.params, body: call.body } as never;
        const { response, error } = await client(call.location).request(
          operation.method,
          operation.path as never,
          init,
        );
        if (response.status !== (call.status ?? successStatus(operation)))
          wrong.push(`${operation.operationId}: ${response.status} ${JSON.stringify(error)}`);
      }
      expect(wrong, 'writes not answered as documented').to.deep.equal([]);
      expect(sent).to.have.length(writeOperations().length);
      expect(headerFaults(sent, declaration.extensions)).to.deep.equal([]);
    });
  }
});
