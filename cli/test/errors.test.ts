import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { freePort, tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import {
  rateLimitHeaders,
  STUB_TOKEN,
  type Stub,
  type StubAnswer,
  type StubHandler,
  startStub,
  stubEnv,
} from './support/stub.js';
import { json, type Run, whctl } from './support/whctl.js';

const product = {
  id: 7,
  name: 'Apples',
  sku: 'APL-001',
  location_name: 'Toronto DC',
  created_at: '2026-01-05T09:00:00-05:00',
  updated_at: '2026-01-05T09:00:00-05:00',
};

/** One line on stderr, prefixed, and no stack trace. */
function expectOneLine(run: Run): void {
  expect(run.stderr.trim().split('\n'), run.stderr).to.have.length(1);
  expect(run.stderr).to.match(/^whctl: /);
  expect(run.stderr).not.to.include('    at ');
}

describe('whctl failures', () => {
  let stub: Stub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  async function against(handler: StubHandler, args: string[]): Promise<Run> {
    stub = await startStub(handler);
    return whctl(args, { env: stubEnv(stub) });
  }

  it("exits 3 on 401 with the status and the API's error text on one line", async () => {
    const run = await against(
      () => ({ status: 401, body: { error: 'the token is not valid for this organization' } }),
      ['products', 'get', '7'],
    );
    expect(run.code).to.equal(3);
    expectOneLine(run);
    expect(run.stderr)
      .to.include('401 Unauthorized')
      .and.include('the token is not valid for this organization')
      .and.include('GET /api/v1/products/7');
    expect(run.stdout).to.equal('');
  });

  it('exits 3 on 403 as well, naming the missing permission', async () => {
    const run = await against(
      () => ({ status: 403, body: { error: 'read-only access at Vancouver DC' } }),
      ['products', 'delete', '7'],
    );
    expect(run.code).to.equal(3);
    expectOneLine(run);
    expect(run.stderr).to.include('403 Forbidden: read-only access at Vancouver DC (DELETE /api/v1/products/7)');
  });

  it('exits 3 on 402 when the organization has no paid location', async () => {
    const run = await against(
      () => ({ status: 402, body: { error: 'no location of the organization has a paid subscription' } }),
      ['locations', 'list'],
    );
    expect(run.code).to.equal(3);
    expect(run.stderr).to.include('402 Payment Required');
  });

  it('exits 4 on 404', async () => {
    const run = await against(
      () => ({ status: 404, body: { error: 'product 7 not found' } }),
      ['products', 'get', '7'],
    );
    expect(run.code).to.equal(4);
    expectOneLine(run);
    expect(run.stderr).to.include('404 Not Found: product 7 not found');
  });

  it('exits 5 on 422, listing every field message', async () => {
    const body = { errors: { sku: ['has already been taken'], name: ["can't be blank", 'is too short'] } };
    const run = await against(
      () => ({ status: 422, body }),
      ['products', 'create', '--location', 'Toronto DC', '--name', '', '--sku', 'APL-001'],
    );
    expect(run.code).to.equal(5);
    expectOneLine(run);
    expect(run.stderr).to.include(
      "422 Unprocessable Entity: sku has already been taken; name can't be blank, is too short",
    );
  });

  it('exits 5 on 400', async () => {
    const run = await against(
      () => ({ status: 400, body: { error: 'location_name is required' } }),
      ['products', 'create', '--name', 'Figs'],
    );
    expect(run.code).to.equal(5);
    expect(run.stderr).to.include('400 Bad Request: location_name is required');
  });

  it('waits out a 429 until X-RateLimit-Reset and then succeeds, saying so on stderr', async () => {
    const run = await against(
      (_request, { requests }) =>
        requests.length === 1
          ? { status: 429, body: { error: 'rate limit exceeded' }, headers: rateLimitHeaders(0, 1000) }
          : { status: 200, body: product },
      ['products', 'get', '7', '-o', 'json'],
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal(product);
    expect(stub!.requests).to.have.length(2);
    expect(run.stderr).to.match(/rate limited \(120 requests\); waiting \d s/);
  });

  it('repeats a refused POST after the wait, since a 429 means nothing was written', async () => {
    const run = await against(
      (_request, { requests }) =>
        requests.length === 1
          ? { status: 429, body: { error: 'rate limit exceeded' }, headers: rateLimitHeaders(0, 1000) }
          : { status: 200, body: product },
      ['products', 'create', '--location', 'Toronto DC', '--name', 'Apples', '-q'],
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(stub!.requests.map((request) => request.body)).to.deep.equal([
      { product: { location_name: 'Toronto DC', name: 'Apples' } },
      { product: { location_name: 'Toronto DC', name: 'Apples' } },
    ]);
    expect(run.stdout).to.equal('');
    expect(run.stderr).to.equal('');
  });

  it('exits 6 on a 429 whose reset is too far away to wait for, naming when requests resume', async () => {
    const headers = rateLimitHeaders(0, 30 * 60_000);
    const run = await against(
      () => ({ status: 429, body: { error: 'hourly rate limit exceeded' }, headers }),
      ['locations', 'list'],
    );
    expect(run.code).to.equal(6);
    expectOneLine(run);
    expect(run.stderr)
      .to.include('429 Too Many Requests: hourly rate limit exceeded')
      .and.include(`requests resume at ${headers['X-RateLimit-Reset']!.replace('Z', '.000Z')}`);
    expect(stub!.requests).to.have.length(1);
  });

  it('exits 10 on a 412, saying the record changed since it was read and what its ETag is now', async () => {
    const run = await against(
      () => ({
        status: 412,
        body: { error: "If-Match does not match the record's current ETag; nothing was changed" },
        headers: { ETag: '"8"' },
      }),
      ['purchase-orders', 'update', '42', '--notes', 'dock 4', '--if-match', '"7"'],
    );
    expect(run.code).to.equal(10);
    expectOneLine(run);
    expect(run.stderr).to.equal(
      "whctl: 412 Precondition Failed: If-Match does not match the record's current ETag; nothing was changed " +
        '(PATCH /api/v1/purchase_orders/42); the record changed since it was read (its ETag is now "8"): ' +
        'read it again and reapply the change\n',
    );
    expect(stub!.requests.map((request) => request.headers['if-match'])).to.deep.equal(['"7"']);
  });

  it('waits what a 503 asks in Retry-After, then repeats a read and succeeds', async () => {
    const sent: number[] = [];
    const run = await against(() => {
      sent.push(Date.now());
      return sent.length === 1
        ? { status: 503, body: { error: 'the service is unavailable for a moment' }, headers: { 'Retry-After': '1' } }
        : { status: 200, body: product };
    }, ['products', 'get', '7', '-o', 'json']);
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal(product);
    expect(sent).to.have.length(2);
    expect(sent[1]! - sent[0]!, 'ms between the 503 and the retry').to.be.at.least(1_000);
  });

  it('repeats a keyed create after a 503 with the same key when the deployment honours Idempotency-Key', async () => {
    stub = await startStub((_request, { requests }) =>
      requests.length === 1
        ? { status: 503, body: { error: 'the service is unavailable for a moment' }, headers: { 'Retry-After': '1' } }
        : { status: 200, body: product },
    );
    const run = await whctl(['products', 'create', '--location', 'Toronto DC', '--name', 'Apples', '-q'], {
      env: { ...stubEnv(stub), WHCTL_EXTENSIONS: 'idempotency' },
    });
    expect(run.code, run.stderr).to.equal(0);
    const keys = stub.requests.map((request) => request.headers['idempotency-key']);
    expect(keys).to.have.length(2);
    expect(keys[1]).to.be.a('string').and.equal(keys[0]);
  });

  it('exits 7 on a server error, with the body text when it is not JSON', async () => {
    const run = await against(() => ({ status: 503, body: 'upstream timed out' }), ['locations', 'list']);
    expect(run.code).to.equal(7);
    expect(run.stderr).to.include('503 Service Unavailable: upstream timed out');
  });

  it('exits 8 when nothing answers at the address', async () => {
    // A port that was free a moment ago: connecting is refused.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const run = await whctl(['locations', 'list'], {
      env: { WHCTL_BASE_URL: `http://127.0.0.1:${port}`, WHCTL_TOKEN: STUB_TOKEN },
    });
    expect(run.code).to.equal(8);
    expectOneLine(run);
    expect(run.stderr)
      .to.include(`GET http://127.0.0.1:${port}/api/v1/locations got no answer`)
      .and.include('ECONNREFUSED');
  });

  it('exits 8 when the host name does not resolve', async () => {
    const run = await whctl(['locations', 'list'], {
      env: { WHCTL_BASE_URL: 'http://acme.wh-nowhere.invalid', WHCTL_TOKEN: STUB_TOKEN },
    });
    expect(run.code).to.equal(8);
    expect(run.stderr).to.include('GET http://acme.wh-nowhere.invalid/api/v1/locations got no answer');
  });

  it('exits 8 when an answer takes longer than --timeout, naming the limit', async () => {
    const slow = () =>
      new Promise<StubAnswer>((resolve) => setTimeout(() => resolve({ status: 200, body: [] }), 2_000));
    const run = await against(slow, ['--timeout', '0.2', 'locations', 'list']);
    expect(run.code).to.equal(8);
    expectOneLine(run);
    expect(run.stderr).to.match(/^whctl: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/locations timed out after 200 ms\n$/);
  });

  it('refuses a --timeout that is not a positive number of seconds', async () => {
    for (const value of ['0', '-1', 'soon']) {
      const run = await whctl(['--timeout', value, 'locations', 'list']);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.include('expected a number of seconds above 0');
    }
  });

  it("names the answer's request id, for the API's operators", async () => {
    const run = await against(
      () => ({
        status: 500,
        body: { error: 'internal error', request_id: 'req-9' },
        headers: { 'X-Request-Id': 'req-9' },
      }),
      ['locations', 'list'],
    );
    expect(run.code).to.equal(7);
    expect(run.stderr).to.equal(
      'whctl: 500 Internal Server Error: internal error (GET /api/v1/locations, request id req-9)\n',
    );
  });

  it('traces every request and answer on stderr with --verbose or WHCTL_DEBUG=1, never the token', async () => {
    stub = await startStub(() => ({ status: 200, body: [], headers: { 'X-Request-Id': 'req-3' } }));
    for (const [args, env] of [
      [['--verbose', 'locations', 'list'], {}],
      [['locations', 'list'], { WHCTL_DEBUG: '1' }],
    ] as const) {
      const run = await whctl([...args], { env: { ...stubEnv(stub), ...env } });
      expect(run.code, run.stderr).to.equal(0);
      expect(run.stderr).to.match(/^\[\d+\] > GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/locations$/m);
      expect(run.stderr).to.include('> authorization: Token [REDACTED]').and.include('< x-request-id: req-3');
      expect(run.stderr).to.match(/^\[\d+\] < 200 OK \(\d+ ms\)$/m);
      expect(run.stdout + run.stderr).not.to.include(STUB_TOKEN);
    }
    const quiet = await whctl(['locations', 'list'], { env: { ...stubEnv(stub), WH_DEBUG: '1' } });
    expect(quiet.stderr, "the SDK's own WH_DEBUG does not trace whctl").to.equal('');
  });

  it('never prints the token, even in errors', async () => {
    const run = await against(() => ({ status: 401, body: { error: 'unknown token' } }), ['products', 'list']);
    expect(run.code).to.equal(3);
    expect(run.stdout + run.stderr).not.to.include(STUB_TOKEN);
    expect(stub!.requests[0]!.headers.authorization).to.equal(`Token ${STUB_TOKEN}`);
  });

  describe('usage errors (exit 2, nothing sent)', () => {
    const cases: [string, string[], RegExp][] = [
      [
        'a record ID that is not a number',
        ['products', 'get', 'seven'],
        /value 'seven' is invalid for argument 'id'\. expected a numeric record ID/,
      ],
      ['a record ID of zero', ['companies', 'get', '0'], /numeric record ID/],
      [
        'an output format that does not exist',
        ['locations', 'list', '-o', 'xml'],
        /Allowed choices are table, json, ndjson, csv, yaml/,
      ],
      ['a --per-page above the API maximum', ['products', 'list', '--per-page', '101'], /from 1 to 100/],
      ['an update without any change', ['companies', 'update', '3'], /nothing to change/],
      ['--data that is not JSON', ['products', 'create', '--data', '{name: Apples}'], /--data is not valid JSON/],
      [
        '--data naming a missing file',
        ['products', 'create', '--data', '@/nonexistent/product.json'],
        /cannot read --data file \/nonexistent\/product.json: no such file$/m,
      ],
      ['--data holding an array', ['products', 'create', '--data', '[1,2]'], /must hold a JSON object/],
      [
        'both --base-url and --location-url',
        ['locations', 'list', '--base-url', 'http://a.localhost', '--location-url', 'http://b.localhost'],
        /use one/,
      ],
      [
        'a base URL that is not absolute',
        ['locations', 'list', '--base-url', 'acme.example.com'],
        /--base-url "acme\.example\.com" is not an API address: it has no scheme/,
      ],
      ['a move to a blank location', ['purchase-orders', 'move', '4', '--to', ' '], /to unassign, use/],
      ['an order named by both ID and PO number', ['purchase-orders', 'get', '4', '--po-number', 'PO-1'], /not both/],
      [
        'an order named by neither ID nor PO number',
        ['purchase-orders', 'unassign'],
        /give an order ID or --po-number/,
      ],
      [
        'a webhook endpoint created with a malformed event type',
        ['webhooks', 'create', '--url', 'https://erp.example.com/hooks', '--types', 'product.*,Product.Created'],
        /"Product\.Created" is not an event type; expected comma-separated event types \(exact, <kind>\.\* or \*\)/,
      ],
      [
        'a webhook endpoint updated to a type without its kind',
        ['webhooks', 'update', '3', '--types', 'created'],
        /"created" is not an event type/,
      ],
      [
        'a webhook endpoint updated to a wildcard inside a name',
        ['webhooks', 'update', '3', '--types', 'product.cre*'],
        /"product\.cre\*" is not an event type/,
      ],
      [
        'webhook event types that are only commas',
        ['webhooks', 'update', '3', '--types', ' , '],
        /expected comma-separated event types/,
      ],
      [
        'more webhook event types than an endpoint takes',
        [
          'webhooks',
          'update',
          '3',
          '--types',
          Array.from({ length: 51 }, (_, i) => `kind_${'x'.repeat(i)}.*`).join(','),
        ],
        /expected at most 50 event types, not 51/,
      ],
      [
        'a feed read of a malformed event type',
        ['events', 'list', '--types', 'company'],
        /"company" is not an event type/,
      ],
    ];
    for (const [what, args, message] of cases) {
      it(`refuses ${what}`, async () => {
        const run = await against(() => ({ status: 200, body: {} }), args);
        expect(run.code, run.stderr).to.equal(2);
        expectOneLine(run);
        expect(run.stderr).to.match(message);
        expect(stub!.requests).to.deep.equal([]);
      });
    }
  });

  it('says how to configure when no address is set anywhere, with exit 2', async () => {
    const run = await whctl(['locations', 'list']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('no API address').and.include('WHCTL_BASE_URL');
  });

  it('says how to configure when no token is set anywhere, with exit 2', async () => {
    const run = await whctl(['locations', 'list', '--base-url', 'http://acme.localhost:1']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('no API token').and.include('whctl config set token -');
  });

  describe('every common failure is one line without a stack, naming what to do', () => {
    /**
     * A server that speaks only TLS; pre-shared keys need no certificate, and any TLS server
     * closes a connection that starts with plain HTTP.
     */
    async function tlsOnly(): Promise<Server> {
      const server = createTlsServer(
        { pskCallback: () => Buffer.from('whctl-test'), ciphers: 'PSK-AES128-CBC-SHA256', maxVersion: 'TLSv1.2' },
        (socket) => socket.end(),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return server;
    }

    it('for a missing file, a folder, a bad address, a refused connection and a bad option value', async () => {
      stub = await startStub(() => ({ status: 200, body: [] }));
      const env = stubEnv(stub);
      const folder = tempDir('whctl-folder-');
      mkdirSync(join(folder, 'orders'));
      const refused = await freePort();
      const cases: [string[], Record<string, string>, number, RegExp][] = [
        [['purchase-orders', 'import', join(folder, 'none.csv')], env, 2, /cannot read .*none\.csv: no such file$/],
        [
          ['products', 'import', join(folder, 'orders')],
          env,
          2,
          /cannot read .*orders: it is a folder; name a file in it$/,
        ],
        [['products', 'create', '--data', `@${folder}`], env, 2, /cannot read --data file .*: it is a folder/],
        [
          ['locations', 'list'],
          { ...env, WHCTL_BASE_URL: 'http://' },
          2,
          /WHCTL_BASE_URL "http:\/\/" is not an API address/,
        ],
        [
          ['locations', 'list'],
          { ...env, WHCTL_BASE_URL: 'ftp://acme.example.com' },
          2,
          /expected an http or https address/,
        ],
        [['locations', 'list'], { ...env, WHCTL_BASE_URL: 'acme.example.com' }, 2, /it has no scheme; write http:/],
        [
          ['locations', 'list'],
          { ...env, WHCTL_BASE_URL: `http://127.0.0.1:${refused}` },
          8,
          /got no answer: .*ECONNREFUSED/,
        ],
        [['purchase-orders', 'import', 'x.csv', '--concurrency', '0'], env, 2, /expected a whole number from 1 to 16$/],
        [['purchase-orders', 'import', 'x.csv', '--delimiter', 'x'], env, 2, /expected one of , ; \| or tab/],
        [['--timeout', 'soon', 'locations', 'list'], env, 2, /expected a number of seconds above 0/],
        [['locations', 'list', '-o', 'xml'], env, 2, /Allowed choices are table, json, ndjson, csv, yaml/],
        [
          ['conformance', 'run', '-d', join(folder, 'none.yaml')],
          env,
          2,
          /none\.yaml is not a usable conformance profile: cannot be read/,
        ],
      ];
      for (const [args, caseEnv, code, message] of cases) {
        const run = await whctl(args, { env: caseEnv });
        expect(run.code, `${args.join(' ')}: ${run.stderr}`).to.equal(code);
        expectOneLine(run);
        expect(run.stderr.trimEnd(), args.join(' ')).to.match(message);
      }
      // The same file or folder is the same line whatever --format says.
      for (const path of [join(folder, 'none.csv'), join(folder, 'orders')]) {
        const lines = new Set<string>();
        for (const format of [[], ['--format', 'csv'], ['--format', 'ndjson']])
          lines.add((await whctl(['purchase-orders', 'import', path, ...format], { env })).stderr);
        expect([...lines], path).to.have.length(1);
      }
      expect(stub.requests).to.deep.equal([]);
    });

    it('for https:// to a plain HTTP server, saying to try http://', async () => {
      stub = await startStub(() => ({ status: 200, body: [] }));
      const address = stub.url.replace('http://', 'https://');
      const run = await whctl(['locations', 'list'], { env: { ...stubEnv(stub), WHCTL_BASE_URL: address } });
      expect(run.code).to.equal(8);
      expectOneLine(run);
      expect(run.stderr).to.equal(
        `whctl: ${address} answered in plain HTTP, not HTTPS; try ${stub.url} (GET /api/v1/locations)\n`,
      );
    });

    it('for http:// to an HTTPS server, saying to try https://', async () => {
      const server = await tlsOnly();
      try {
        const { port } = server.address() as { port: number };
        const run = await whctl(['locations', 'list'], {
          env: { WHCTL_BASE_URL: `http://127.0.0.1:${port}`, WHCTL_TOKEN: STUB_TOKEN },
        });
        expect(run.code).to.equal(8);
        expectOneLine(run);
        expect(run.stderr).to.equal(
          `whctl: http://127.0.0.1:${port} speaks HTTPS, not plain HTTP; try https://127.0.0.1:${port} ` +
            '(GET /api/v1/locations)\n',
        );
      } finally {
        server.close();
      }
    });
  });
});
