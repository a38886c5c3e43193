import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { eventually, json, runNode } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { send } from '../src/testing/http.js';
import type { TestServer } from '../src/testing/server.js';
import { startWorld, uniqueId, type World } from '../src/testing/world.js';
import { openConnection } from './support/sockets.js';

const POST_LARGE = new URL('./support/post-large.js', import.meta.url).pathname;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Sends bytes as they are, which Node's client refuses to, and reads the answer up to the close. */
function sendRaw(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined });
    });
    socket.end(bytes);
  });
}

function expectContractError(answer: RawAnswer, status: number): void {
  expect(answer.status).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/json/);
  expect(answer.headers['x-request-id']).to.be.a('string').and.not.equal('');
  expect(answer.body.request_id).to.equal(answer.headers['x-request-id']);
  expect(answer.body.error)
    .to.be.a('string')
    .and.not.match(/HPE_|Parse Error/);
}

describe('the edges of HTTP', () => {
  let server: TestServer;
  let world: World;

  before(async () => ({ server, world } = await startWorld({ captureLog: true })));
  after(() => server.close());

  const head = (extra: string) =>
    `GET /api/v1/products HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${world.token('admin')}\r\n${extra}\r\n`;

  it('answers a header holding a control character with the JSON 400 and a request id', async () => {
    expectContractError(await sendRaw(server.port, head('If-None-Match: "1\x16"\r\n')), 400);
  });

  it('answers headers larger than the server takes with the JSON 431 and a request id', async () => {
    expectContractError(await sendRaw(server.port, head(`X-Filler: ${'f'.repeat(20_000)}\r\n`)), 431);
  });

  it('answers a request line that is not HTTP with the JSON 400 and a request id', async () => {
    expectContractError(await sendRaw(server.port, 'NOT HTTP AT ALL\r\n\r\n'), 400);
  });

  describe('bodies', () => {
    const product = { product: { name: 'Crème brûlée', sku: null, location_name: 'Toronto DC' } };

    it('answers 400 for a body that is not valid UTF-8, and stores nothing', async () => {
      const admin = world.as('admin');
      // 0xC3 starts a two-byte sequence that 0x28, '(', does not continue.
      const bytes = Buffer.concat([
        Buffer.from('{"product":{"name":"Bad '),
        Buffer.from([0xc3, 0x28]),
        Buffer.from(' bytes","sku":null,"location_name":"Toronto DC"}}'),
      ]);
      const answer = await admin.request('POST', '/products', { body: bytes });
      expect(answer.status).to.equal(400);
      expect(answer.body.error).to.equal('the request body is not valid UTF-8');
      const listed = await admin.get('/products', { name: 'Bad' });
      expect(listed.body).to.deep.equal([]);
      const good = await admin.post('/products', product);
      expect(good.status).to.equal(200);
      expect(good.body.name).to.equal('Crème brûlée');
    });

    it('answers 415 for a charset other than UTF-8, and takes utf-8 in any case', async () => {
      const admin = world.as('admin');
      for (const charset of ['latin1', 'iso-8859-1', 'utf-16']) {
        const answer = await admin.request('POST', '/products', {
          body: JSON.stringify(product),
          headers: { 'content-type': `application/json; charset=${charset}` },
        });
        expect(answer.status, charset).to.equal(415);
        expect(answer.body.error, charset).to.equal('the request body must be UTF-8 (charset=utf-8, or no charset)');
      }
      const utf8 = await admin.request('POST', '/products', {
        body: JSON.stringify({ product: { ...product.product, name: 'Utf8' } }),
        headers: { 'content-type': 'application/json; charset=UTF-8' },
      });
      expect(utf8.status).to.equal(200);
    });

    for (const framing of ['content-length', 'chunked'] as const) {
      it(`lets a streaming client read the 413 of an 8 MB body sent with ${framing}, five times in a row`, async () => {
        const args = [String(server.port), world.host(), world.token('admin'), framing, String(8 * 1024 * 1024)];
        const answers = json(await runNode(POST_LARGE, args));
        const tooLarge = {
          status: 413,
          error: 'the request body is larger than 1048576 bytes (counted after decompression)',
        };
        expect(answers).to.deep.equal(Array(5).fill(tooLarge));
      });
    }
  });

  describe('clients that hang up', () => {
    const items = [
      { product_name: 'Apples', quantity: 1 },
      { product_name: 'Bananas', quantity: 2 },
      { product_name: 'Apples', quantity: 3 },
    ];

    /** A purchase order create with three items, sent whole or cut, under an id of our own. */
    function orderCreate(requestId: string, poNumber: string, options: { cutAt?: number; gzip?: boolean } = {}) {
      const json = Buffer.from(
        JSON.stringify({
          purchase_order: { po_number: poNumber, location_name: 'Toronto DC', purchase_order_items: items },
        }),
      );
      const body = options.gzip ? gzipSync(json) : json;
      return Buffer.concat([
        Buffer.from(
          `POST /api/v1/purchase_orders HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${world.token('admin')}\r\n` +
            `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\n` +
            (options.gzip ? 'Content-Encoding: gzip\r\n' : '') +
            '\r\n',
        ),
        body.subarray(0, options.cutAt ?? body.length),
      ]);
    }

    /** The request's log line, once it is written. */
    const logLine = (requestId: string) =>
      eventually(`the log line of ${requestId}`, async () =>
        server.logRecords().find((record) => record.request_id === requestId && record.msg === 'request'),
      );

    /** The order with that number as the API lists it, or undefined. */
    async function storedOrder(poNumber: string) {
      const listed = await world.as('admin').get('/purchase_orders', { po_number: poNumber });
      expect(listed.status).to.equal(200);
      return listed.body[0];
    }

    async function createsCounted(status: number): Promise<number> {
      const metrics = await send(server.port, server.baseHost, 'GET', '/metrics');
      const line = new RegExp(
        `^wh_http_requests_total\\{operation="createPurchaseOrder",method="POST",status="${status}"\\} (\\d+)$`,
        'm',
      );
      return Number(metrics.body.match(line)?.[1] ?? 0);
    }

    it('records a client that sends its whole body and hangs up as 499 at info, never 500; the order is whole or absent', async () => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const requestId = uniqueId('hangup-');
        const poNumber = uniqueId('PO-');
        const connection = await openConnection(server.port);
        connection.socket.end(orderCreate(requestId, poNumber));
        const line = await logLine(requestId);
        expect(line.status, JSON.stringify(line)).to.be.oneOf([499, 200]);
        expect(line.level, JSON.stringify(line)).to.equal('info');
        const order = await storedOrder(poNumber);
        if (order)
          expect(order.purchase_order_items.map((item: { quantity: number }) => item.quantity)).to.deep.equal([
            1, 2, 3,
          ]);
        else expect(line.status).to.equal(499);
      }
      expect(await createsCounted(500)).to.equal(0);
      expect(await createsCounted(499)).to.be.above(0);
    });

    for (const gzip of [false, true]) {
      it(`records a client that hangs up mid-body${gzip ? ' (gzip)' : ''} as 499 at info, and stores nothing`, async () => {
        const before = await createsCounted(499);
        const requestId = uniqueId('cut-');
        const poNumber = uniqueId('PO-');
        const connection = await openConnection(server.port);
        // The headers and 20 bytes of the body, then the client's end of the connection closes.
        connection.socket.end(orderCreate(requestId, poNumber, { cutAt: 20, gzip }));
        const line = await logLine(requestId);
        expect(line).to.include({ status: 499, level: 'info' });
        expect(line).not.to.have.property('err');
        expect(await storedOrder(poNumber)).to.equal(undefined);
        expect(await createsCounted(499)).to.equal(before + 1);
      });
    }
  });
});
