import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createClient, localhostFetch, paginate, toApiError, ValidationError } from '../src/index.js';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 only, as a local reference server would be. */
async function loopbackServer(handler: Handler): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
}

describe('SDK on *.localhost addresses', () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  it(
    'reaches a loopback server through a *.localhost address, ' + 'keeping the Host header that selects the interface',
    async () => {
      const seen: string[] = [];
      const started = await loopbackServer((request, _body, response) => {
        seen.push(`${request.headers.host} ${request.url} ${request.headers.authorization}`);
        json(response, 200, [{ name: 'Toronto', url: 'acme-toronto', time_zone: 'America/Toronto' }]);
      });
      server = started.server;
      const client = createClient({ baseUrl: `http://acme.localhost:${started.port}`, token: 'local-token' });
      const { data } = await client.GET('/locations');
      expect(data?.[0]?.name).to.equal('Toronto');
      expect(seen).to.deep.equal([`acme.localhost:${started.port} /api/v1/locations Token local-token`]);
    },
  );

  it('sends request bodies and turns error answers into typed errors on that path too', async () => {
    const started = await loopbackServer((_request, body, response) => {
      json(response, 422, {
        errors: {
          po_number: [
            'has already been taken: ' +
              `${(JSON.parse(body) as { purchase_order: { po_number: string } }).purchase_order.po_number}`,
          ],
        },
      });
    });
    server = started.server;
    const client = createClient({ baseUrl: `http://acme.localhost:${started.port}`, token: 'local-token' });
    const error = toApiError(
      await client.POST('/purchase_orders', { body: { purchase_order: { po_number: 'PO-7' } } }),
    );
    expect(error).to.be.instanceOf(ValidationError);
    expect((error as ValidationError).errors).to.deep.equal({ po_number: ['has already been taken: PO-7'] });
    expect(error.path).to.equal('/api/v1/purchase_orders');
  });

  it('answers a 204 and a HEAD without a body, and keeps every header of the answer', async () => {
    const started = await loopbackServer((request, _body, response) => {
      if (request.method === 'DELETE') response.writeHead(204, { 'X-Request-Id': 'r-1' }).end();
      else
        response
          .writeHead(200, [
            ['Link', '<a>; rel="first"'],
            ['Link', '<b>; rel="last"'],
          ])
          .end();
    });
    server = started.server;
    const client = createClient({ baseUrl: `http://acme.localhost:${started.port}`, token: 'local-token' });
    const deleted = await client.DELETE('/products/{id}', { params: { path: { id: 1 } } });
    expect([deleted.response.status, deleted.response.headers.get('X-Request-Id')]).to.deep.equal([204, 'r-1']);
    const head = await localhostFetch(
      new Request(`http://acme.localhost:${started.port}/api/v1/products`, { method: 'HEAD' }),
    );
    expect([head.status, await head.text(), head.headers.get('Link')]).to.deep.equal([
      200,
      '',
      '<a>; rel="first", <b>; rel="last"',
    ]);
  });

  it('follows absolute Link URLs on a *.localhost address', async () => {
    const started = await loopbackServer((request, _body, response) => {
      const next = `http://acme.localhost:${(server!.address() as AddressInfo).port}/api/v1/products?page=2`;
      if (request.url === '/api/v1/products') json(response, 200, [{ id: 1 }], { Link: `<${next}>; rel="next"` });
      else json(response, 200, [{ id: 2 }]);
    });
    server = started.server;
    const client = createClient({ baseUrl: `http://acme.localhost:${started.port}`, token: 'local-token' });
    const ids: number[] = [];
    for await (const product of paginate(client, '/products')) ids.push(product.id);
    expect(ids).to.deep.equal([1, 2]);
  });

  it('aborts a loopback request when its signal fires', async () => {
    const started = await loopbackServer(
      (_request, _body, response) => void setTimeout(() => json(response, 200, []), 500),
    );
    server = started.server;
    const client = createClient({ baseUrl: `http://acme.localhost:${started.port}`, token: 'local-token' });
    const failure = await client.GET('/locations', { signal: AbortSignal.timeout(30) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.have.property('name', 'TimeoutError');
  });

  it('leaves every other host to the global fetch, as in a browser', async () => {
    const original = globalThis.fetch;
    const seen: string[] = [];
    globalThis.fetch = async (input) => {
      seen.push((input as Request).url);
      return Response.json([]);
    };
    try {
      await localhostFetch(new Request('https://acme.example.test/api/v1/locations'));
      await localhostFetch(new Request('http://localhost:3000/api/v1/locations'));
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).to.deep.equal([
      'https://acme.example.test/api/v1/locations',
      'http://localhost:3000/api/v1/locations',
    ]);
  });
});
