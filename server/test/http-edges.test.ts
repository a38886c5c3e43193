import { gzipSync } from 'node:zlib';
import { CONTRACT_VERSION } from '@warehouse-kit/spec';
import { eventually, json, runNode } from '@warehouse-kit/testing';
import {
  createWorld,
  send,
  startTestServer,
  startWorld,
  type TestServer,
  uniqueId,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { openConnection } from './support/sockets.js';

const POST_LARGE = new URL('./support/post-large.js', import.meta.url).pathname;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** The answers in what a connection received, in order, interim ones (100 Continue) included. */
function answersIn(received: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = received;
  while (rest.startsWith('HTTP/')) {
    const end = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : undefined });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/**
 * Sends bytes as they are, which Node's client refuses to, and reads every answer up to the
 * close: the last request sent must be one the server closes the connection after.
 */
async function exchange(port: number, bytes: string | Buffer): Promise<RawAnswer[]> {
  const connection = await openConnection(port);
  connection.socket.write(bytes);
  return answersIn(await connection.closed);
}

/** The one answer to bytes the server answers and then closes the connection after. */
async function sendRaw(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  const answers = await exchange(port, bytes);
  expect(answers, 'answers on the connection').to.have.length(1);
  return answers[0]!;
}

/** An answer that speaks the contract: the JSON error body, with the request id and the contract version. */
function expectContractError(answer: RawAnswer, status: number): void {
  expect(answer.status).to.equal(status);
  expect(answer.headers['content-type']).to.match(/^application\/json/);
  expect(answer.headers['contract-version']).to.equal(CONTRACT_VERSION);
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

  /** A list request's head; `extra` ends each header line it adds with CRLF. */
  const head = (extra: string, host = world.host()) =>
    `GET /api/v1/products HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Token ${world.token('admin')}\r\n${extra}\r\n`;
  const closing = 'Connection: close\r\n';

  describe('what Node refuses, answers or drops before the app runs', () => {
    it('answers a header holding a control character with the JSON 400 and a request id', async () => {
      expectContractError(await sendRaw(server.port, head('If-None-Match: "1\x16"\r\n')), 400);
    });

    it('answers headers larger than the server takes with the JSON 431 and a request id', async () => {
      expectContractError(await sendRaw(server.port, head(`X-Filler: ${'f'.repeat(20_000)}\r\n`)), 431);
    });

    it('answers a request line that is not HTTP with the JSON 400 and a request id', async () => {
      expectContractError(await sendRaw(server.port, 'NOT HTTP AT ALL\r\n\r\n'), 400);
    });

    it('answers a version other than HTTP/1.x, and the HTTP/2 preface, with the JSON 505', async () => {
      expectContractError(await sendRaw(server.port, head('').replace('HTTP/1.1', 'HTTP/1.2')), 505);
      expectContractError(await sendRaw(server.port, 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'), 505);
    });

    it('answers an HTTP/1.1 request without Host with the JSON 400', async () => {
      const answer = await sendRaw(
        server.port,
        `GET /api/v1/products HTTP/1.1\r\nAuthorization: Token ${world.token('admin')}\r\n${closing}\r\n`,
      );
      expectContractError(answer, 400);
      expect(answer.body.error).to.equal('the request has no Host header, which HTTP/1.1 requires');
      // HTTP/1.0 needs none: the operational endpoints answer on every host.
      expect((await sendRaw(server.port, 'GET /healthz HTTP/1.0\r\n\r\n')).status).to.equal(200);
    });

    it('answers an expectation other than 100-continue with the JSON 417', async () => {
      const answer = await sendRaw(server.port, head(`Expect: 200-ok\r\n${closing}`));
      expectContractError(answer, 417);
      expect(answer.body.error).to.equal('Expect 200-ok cannot be met: the server meets 100-continue only');
    });

    it('meets Expect: 100-continue, then gives the final answer as JSON', async () => {
      const body = JSON.stringify({ product: { name: 'Continued', sku: uniqueId('C-'), location_name: 'Toronto DC' } });
      const connection = await openConnection(server.port);
      connection.socket.write(
        `POST /api/v1/products HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${world.token('admin')}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n${closing}\r\n`,
      );
      await eventually('100 Continue', async () => connection.received().includes('100 Continue') || undefined);
      connection.socket.write(body);
      const [interim, final] = answersIn(await connection.closed);
      expect(interim!.status).to.equal(100);
      expect(final!.status).to.equal(200);
      expect(final!.headers['contract-version']).to.equal(CONTRACT_VERSION);
      expect(final!.body.name).to.equal('Continued');
    });

    it('answers CONNECT with the JSON 501, after the answer it owes the request before it', async () => {
      const answers = await exchange(
        server.port,
        `${head('')}CONNECT other.example:443 HTTP/1.1\r\nHost: other.example:443\r\n\r\n`,
      );
      expect(answers.map((answer) => answer.status)).to.deep.equal([200, 501]);
      expect(answers[0]!.body).to.be.an('array');
      expectContractError(answers[1]!, 501);
      expect(answers[1]!.body.error).to.equal('CONNECT is not supported: this server is not a proxy');
    });

    it('answers the requests read before a malformed one, in order, then refuses it', async () => {
      const answers = await exchange(server.port, head('') + head('') + head('If-None-Match: "1\x16"\r\n'));
      expect(answers.map((answer) => answer.status)).to.deep.equal([200, 200, 400]);
      expect(answers[1]!.body).to.be.an('array');
      expectContractError(answers[2]!, 400);
      // Each answer has an id of its own.
      expect(new Set(answers.map((answer) => answer.headers['x-request-id']))).to.have.property('size', 3);
    });
  });

  describe('hosts', () => {
    it('answers 400 for a Host that is not a host and a port, before anything reads it', async () => {
      const host = world.host();
      for (const lie of [
        `${host}:1>; rel="evil", <http://attacker.example`,
        `${host}/api`,
        `admin@${host}`,
        `${host}:99999`,
        `${host}:80:80`,
        `${host} x`,
        `%61${host}`,
        `"${host}"`,
        '',
      ]) {
        const answer = await sendRaw(server.port, head(closing, lie));
        expect(answer.status, lie).to.equal(400);
        expectContractError(answer, 400);
        expect(answer.body.error, lie).to.equal('the Host header is not a host name or address with an optional port');
      }
    });

    it('builds Link from the host in its normal form', async () => {
      const res = await send(server.port, `${world.host().toUpperCase()}:80`, 'GET', '/api/v1/products', {
        headers: { authorization: `Token ${world.token('admin')}` },
        query: { per_page: 1 },
      });
      expect(res.status).to.equal(200);
      expect(res.headers.link).to.include(`<http://${world.host()}/api/v1/products?per_page=1&page=2>; rel="next"`);
      expect(res.headers.link).not.to.match(/[A-Z]|:80/);
    });

    it('answers 400 for a Host sent twice', async () => {
      const answer = await sendRaw(server.port, head(`Host: other.${server.baseHost}\r\n${closing}`));
      expectContractError(answer, 400);
      expect(answer.body.error).to.equal('the request carries Host more than once');
    });

    it('serves an absolute-form target at the host it names when Host names the same, and refuses one that differs', async () => {
      const target = (authority: string) =>
        head(closing, `${world.host()}:${server.port}`).replace(
          '/api/v1/products',
          `http://${authority}/api/v1/products?per_page=1`,
        );
      const [same] = await exchange(server.port, target(`${world.host().toUpperCase()}:${server.port}`));
      expect(same!.status).to.equal(200);
      expect(same!.headers.link).to.include(
        `<http://${world.host()}:${server.port}/api/v1/products?per_page=1&page=2>`,
      );
      for (const authority of [`other.${server.baseHost}:${server.port}`, `${world.host()}:1`]) {
        const answer = await sendRaw(server.port, target(authority));
        expectContractError(answer, 400);
        expect(answer.body.error).to.equal('the request target names another host than the Host header');
      }
      const withUser = await sendRaw(server.port, target(`admin@${world.host()}:${server.port}`));
      expectContractError(withUser, 400);
      expect(withUser.body.error).to.equal(
        'the request target is neither a path nor an http or https URL without user info',
      );
    });

    describe('behind a trusted proxy, its X-Forwarded-Host and -Proto', () => {
      let proxied: TestServer;
      let behind: World;

      before(async () => {
        proxied = await startTestServer({ config: { trustProxy: ['loopback'] } });
        behind = await createWorld(proxied);
      });
      after(() => proxied.close());

      const list = (headers: Record<string, string>) =>
        send(proxied.port, 'proxy.internal', 'GET', '/api/v1/products', {
          headers: { authorization: `Token ${behind.token('admin')}`, ...headers },
          query: { per_page: 1 },
        });

      it('builds Link from the forwarded host and scheme in their normal form', async () => {
        const res = await list({
          'x-forwarded-host': `${behind.host().toUpperCase()}:443`,
          'x-forwarded-proto': 'https',
        });
        expect(res.status).to.equal(200);
        expect(res.headers.link).to.include(`<https://${behind.host()}:443/api/v1/products?per_page=1&page=2>`);
      });

      it('answers 400 for a forwarded host that is not a host and a port, or a scheme other than http or https', async () => {
        const lying = await list({ 'x-forwarded-host': `${behind.host()}:1>; rel="evil", <http://attacker.example` });
        expect(lying.status).to.equal(400);
        expect(lying.body.error).to.equal('X-Forwarded-Host is not a host name or address with an optional port');
        const scheme = await list({ 'x-forwarded-host': behind.host(), 'x-forwarded-proto': 'javascript' });
        expect(scheme.status).to.equal(400);
        expect(scheme.body.error).to.equal('X-Forwarded-Proto must be http or https');
      });
    });
  });

  describe('header fields and framing', () => {
    it('answers 400 for Authorization sent twice, whichever of the two is valid', async () => {
      for (const [first, second] of [
        [world.token('admin'), 'not-a-token'],
        ['not-a-token', world.token('admin')],
      ]) {
        const answer = await sendRaw(
          server.port,
          `GET /api/v1/products HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${first}\r\n` +
            `authorization: Token ${second}\r\n${closing}\r\n`,
        );
        expectContractError(answer, 400);
        expect(answer.body.error).to.equal('the request carries Authorization more than once');
      }
    });

    it('answers 501 for a transfer coding other than chunked, and stores nothing', async () => {
      const sku = uniqueId('TE-');
      const body = gzipSync(JSON.stringify({ product: { name: 'Zipped', sku, location_name: 'Toronto DC' } }));
      const answer = await sendRaw(
        server.port,
        Buffer.concat([
          Buffer.from(
            `POST /api/v1/products HTTP/1.1\r\nHost: ${world.host()}\r\nAuthorization: Token ${world.token('admin')}\r\n` +
              `Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n${closing}\r\n` +
              `${body.length.toString(16)}\r\n`,
          ),
          body,
          Buffer.from('\r\n0\r\n\r\n'),
        ]),
      );
      expectContractError(answer, 501);
      expect(answer.body.error).to.equal(
        'Transfer-Encoding gzip is not supported: send the body chunked or with Content-Length, ' +
          'compressed with Content-Encoding if need be',
      );
      expect((await world.as('admin').get('/products', { sku })).body).to.deep.equal([]);
      // A refusal of what the client asked, not a failure of the server.
      const line = server.logRecords().find((record) => record.request_id === answer.headers['x-request-id']);
      expect(line).to.include({ level: 'info', status: 501, operation: 'unmatched' });
    });

    it('answers a transfer coding that does not end with chunked with the JSON 400', async () => {
      const answer = await sendRaw(
        server.port,
        `POST /api/v1/products HTTP/1.1\r\nHost: ${world.host()}\r\nTransfer-Encoding: gzip\r\n\r\n`,
      );
      expectContractError(answer, 400);
      expect(answer.body.error).to.match(/^the request body cannot be delimited/);
    });
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

    it('answers 400 for a Content-Type that names a parameter twice or is not a media type, and stores nothing', async () => {
      const admin = world.as('admin');
      const cases: [string, string][] = [
        ['application/json; charset=utf-8; charset=latin1', 'the Content-Type header names a parameter more than once'],
        ['application/json; charset=latin1; Charset=utf-8', 'the Content-Type header names a parameter more than once'],
        [
          'application/json; charset=utf-8\u00e9',
          'the Content-Type header is not a media type (type/subtype; name=value parameters)',
        ],
        ['application/json;', 'the Content-Type header is not a media type (type/subtype; name=value parameters)'],
      ];
      for (const [contentType, error] of cases) {
        const sku = uniqueId('CT-');
        const answer = await admin.request('POST', '/products', {
          body: JSON.stringify({ product: { ...product.product, name: sku, sku } }),
          headers: { 'content-type': contentType },
        });
        expect(answer.status, contentType).to.equal(400);
        expect(answer.body.error, contentType).to.equal(error);
        expect((await admin.get('/products', { sku })).body, contentType).to.deep.equal([]);
      }
      // A quoted value may hold a semicolon, and a charset that is not utf-8 stays 415.
      const quoted = await admin.request('POST', '/products', {
        body: JSON.stringify({ product: { ...product.product, name: 'Quoted', sku: uniqueId('CT-') } }),
        headers: { 'content-type': 'application/json; note="a;charset=latin1"; charset=utf-8' },
      });
      expect(quoted.status).to.equal(200);
      const unknown = await admin.request('POST', '/products', {
        body: JSON.stringify(product),
        headers: { 'content-type': 'application/json; charset="utf-8\u00e9"' },
      });
      expect(unknown.status).to.equal(415);
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
