import { expect } from 'chai';
import { type Stub, type StubHandler, startStub, stubEnv } from './support/stub.js';
import { json, whctl } from './support/whctl.js';

describe('whctl api', () => {
  let stub: Stub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  async function against(handler: StubHandler, args: string[], input?: string) {
    stub = await startStub(handler);
    return whctl(['api', ...args], { env: stubEnv(stub), ...(input === undefined ? {} : { input }) });
  }
  const sent = () =>
    stub!.requests.map((request) => ({
      method: request.method,
      path: request.path,
      query: request.query.toString(),
      body: request.body,
    }));

  it("sends a GET with the path's own query and -f fields, printing JSON even for a table-less answer", async () => {
    const run = await against(
      () => ({ status: 200, body: [{ id: 1, po_number: 'PO 1' }] }),
      ['/purchase_orders?po_number=PO%201', '-X', 'get', '-f', 'location_name=Toronto DC'],
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal([{ id: 1, po_number: 'PO 1' }]);
    expect(sent()).to.deep.equal([
      { method: 'GET', path: '/purchase_orders', query: 'po_number=PO+1&location_name=Toronto+DC', body: undefined },
    ]);
  });

  it('accepts a path that already starts with /api/v1', async () => {
    await against(() => ({ status: 200, body: [] }), ['/api/v1/locations']);
    expect(sent()[0]!.path).to.equal('/locations');
  });

  it('takes a path without the leading slash relative to the API root, as gh api does', async () => {
    const run = await against(() => ({ status: 200, body: [] }), ['purchase_orders?po_number=PO-1']);
    expect(run.code, run.stderr).to.equal(0);
    expect(sent()).to.deep.equal([
      { method: 'GET', path: '/purchase_orders', query: 'po_number=PO-1', body: undefined },
    ]);
    await stub!.close();
    await against(() => ({ status: 200, body: [] }), ['api/v1/products/7']);
    expect(sent()).to.deep.equal([{ method: 'GET', path: '/products/7', query: '', body: undefined }]);
  });

  it('builds a nested JSON body from -f and typed -F fields', async () => {
    const run = await against(
      () => ({ status: 200, body: { id: 5 } }),
      [
        '/purchase_orders/5',
        '-X',
        'PATCH',
        '-F',
        'purchase_order[location_name]=null',
        '-f',
        'purchase_order[notes]=42',
        '-F',
        'purchase_order[reference_numbers][]=7',
        '-F',
        'purchase_order[custom_values][rush]=true',
      ],
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(sent()[0]!.body).to.deep.equal({
      purchase_order: { location_name: null, notes: '42', reference_numbers: [7], custom_values: { rush: true } },
    });
  });

  it('sends --data as the body and the fields as the query', async () => {
    await against(
      () => ({ status: 200, body: {} }),
      ['/products', '--data', '-', '-f', 'location_name=Toronto DC'],
      '{"product":{"name":"Figs"}}',
    );
    expect(sent()).to.deep.equal([
      { method: 'POST', path: '/products', query: 'location_name=Toronto+DC', body: { product: { name: 'Figs' } } },
    ]);
  });

  it('prints the status line and headers first with --include, and nothing more for a 204', async () => {
    const run = await against(() => ({ status: 204 }), ['/products/3', '-X', 'DELETE', '--include']);
    expect(run.code).to.equal(0);
    expect(run.stdout)
      .to.match(/^HTTP 204 No Content\n/)
      .and.match(/\nx-ratelimit-limit: 120\n/);
    expect(run.stdout.endsWith('\n\n')).to.equal(true);
  });

  it('prints the body of an error answer after the headers with --include, and still exits with its status', async () => {
    const errors = { errors: { po_number: ['has already been taken'] }, request_id: 'req-9' };
    const run = await against(
      () => ({ status: 422, body: errors, headers: { 'X-Request-Id': 'req-9' } }),
      ['/purchase_orders', '-f', 'purchase_order[po_number]=PO-1', '--include'],
    );
    expect(run.code).to.equal(5);
    const [head, body] = run.stdout.split('\n\n');
    expect(head)
      .to.match(/^HTTP 422 Unprocessable Entity\n/)
      .and.include('x-request-id: req-9');
    expect(JSON.parse(body!)).to.deep.equal(errors);
    expect(run.stderr).to.equal(
      'whctl: 422 Unprocessable Entity: po_number has already been taken (POST /api/v1/purchase_orders, request id req-9)\n',
    );

    await stub!.close();
    const text = await against(() => ({ status: 502, body: 'Bad gateway' }), ['/locations', '-i']);
    expect(text.code).to.equal(7);
    expect(text.stdout).to.match(/^HTTP 502 Bad Gateway\n[\s\S]*\n\n"Bad gateway"\n$/);
    expect(text.stderr).to.include('502 Bad Gateway: Bad gateway');
  });

  it('prints nothing on stdout for an error answer without --include, leaving it to the one line on stderr', async () => {
    const run = await against(() => ({ status: 404, body: { error: 'not found' } }), ['/products/9']);
    expect(run.code).to.equal(4);
    expect(run.stdout).to.equal('');
  });

  it('follows Link rel="next" with --paginate and prints every record', async () => {
    const run = await against(
      (request, { url }) => {
        const page = Number(request.query.get('page') ?? 1);
        const next: Record<string, string> =
          page < 3 ? { Link: `<${url}/api/v1/companies?name=F&page=${page + 1}>; rel="next"` } : {};
        return { status: 200, body: [{ id: page }], headers: next };
      },
      ['/companies?name=F', '--paginate', '-o', 'ndjson'],
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal('{"id":1}\n{"id":2}\n{"id":3}\n');
    expect(sent().map((request) => request.query)).to.deep.equal(['name=F', 'name=F&page=2', 'name=F&page=3']);
  });

  it('walks limit and offset with --paginate on the booked-appointments search', async () => {
    const run = await against(
      (request) => {
        const offset = Number(request.query.get('offset') ?? 0);
        return { status: 200, body: offset < 4 ? [{ id: offset + 1 }, { id: offset + 2 }] : [{ id: 5 }] };
      },
      ['/purchase_orders/with_booked_appointments?limit=2', '--paginate'],
    );
    expect(json(run).map((order: { id: number }) => order.id)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(sent().map((request) => request.query)).to.deep.equal([
      'limit=2&offset=0',
      'limit=2&offset=2',
      'limit=2&offset=4',
    ]);
  });

  it('sends a POST by default when there are fields or --data, as gh does, and a GET otherwise', async () => {
    await against(() => ({ status: 200, body: {} }), ['/companies', '-f', 'company[name]=Fresh']);
    await stub!.close();
    await against(() => ({ status: 200, body: [] }), ['/companies']);
    expect(sent()).to.deep.equal([{ method: 'GET', path: '/companies', query: '', body: undefined }]);
  });

  it('sends -H headers as given, e.g. an Idempotency-Key, which makes a POST safe to repeat after a 503 where declared', async () => {
    let calls = 0;
    stub = await startStub(() =>
      ++calls === 1 ? { status: 503, body: { error: 'try again' } } : { status: 200, body: { id: 9 } },
    );
    const run = await whctl(
      [
        'api',
        '/purchase_orders',
        '-H',
        'Idempotency-Key: import-42',
        '-H',
        'X-Trace:  a:b ',
        '-f',
        'purchase_order[po_number]=PO-9',
      ],
      { env: { ...stubEnv(stub), WHCTL_EXTENSIONS: 'idempotency' } },
    );
    expect(run.code, run.stderr).to.equal(0);
    expect(json(run)).to.deep.equal({ id: 9 });
    expect(stub!.requests.map((request) => [request.method, request.headers['idempotency-key']])).to.deep.equal([
      ['POST', 'import-42'],
      ['POST', 'import-42'],
    ]);
    expect(stub!.requests[0]!.headers['x-trace']).to.equal('a:b');
  });

  it('prints what --query picks: records in the output format, plain values one per line', async () => {
    const orders = [
      { id: 1, po_number: 'PO-1', location_name: 'Toronto DC' },
      { id: 2, po_number: 'PO-2', location_name: null },
    ];
    const values = await against(
      () => ({ status: 200, body: orders }),
      ['/purchase_orders', '--query', '[].po_number'],
    );
    expect(values.code, values.stderr).to.equal(0);
    expect(values.stdout).to.equal('PO-1\nPO-2\n');
    await stub!.close();
    const filtered = await against(
      () => ({ status: 200, body: orders }),
      ['/purchase_orders', '--query', '[?location_name==null].{id: id, po: po_number}', '-o', 'ndjson'],
    );
    expect(filtered.stdout).to.equal('{"id":2,"po":"PO-2"}\n');
    await stub!.close();
    const asJson = await against(
      () => ({ status: 200, body: orders }),
      ['/purchase_orders', '--query', 'length(@)', '-o', 'json'],
    );
    expect(json(asJson)).to.equal(2);
  });

  it('applies --query to every page of --paginate at once', async () => {
    const run = await against(
      (request, { url }) => {
        const page = Number(request.query.get('page') ?? 1);
        const next: Record<string, string> = page < 2 ? { Link: `<${url}/api/v1/products?page=2>; rel="next"` } : {};
        return { status: 200, body: [{ id: page, sku: `S-${page}` }], headers: next };
      },
      ['/products', '--paginate', '--query', "join(',', [].sku)"],
    );
    expect(run.stdout).to.equal('S-1,S-2\n');
  });

  it('maps an error answer to its exit status, e.g. 405 for deleting an appointment', async () => {
    const run = await against(
      () => ({
        status: 405,
        body: { error: 'appointments are cancelled, not deleted: PATCH state cancelled' },
        headers: { Allow: 'GET, PATCH, PUT' },
      }),
      ['/appointments/3', '-X', 'DELETE'],
    );
    expect(run.code).to.equal(4);
    expect(run.stderr).to.include('405 Method Not Allowed: appointments are cancelled, not deleted');
  });

  for (const [what, args, message] of [
    ['an unknown method', ['/locations', '-X', 'FETCH'], /expected one of GET, POST, PUT, PATCH, DELETE/],
    [
      'an address instead of a path, which would take the token elsewhere',
      ['https://elsewhere.example/api/v1/locations'],
      /give a path under \/api\/v1, e.g\. \/locations, not an address/,
    ],
    ['a field without =', ['/products', '-f', 'product'], /must look like key=value/],
    [
      'a field name with a stray bracket',
      ['/products', '-f', 'product[name=x'],
      /must look like name, name\[key\] or name\[\]/,
    ],
    ['a header without a colon', ['/locations', '-H', 'X-Trace'], /must look like 'Name: value'/],
    ['an Authorization header', ['/locations', '-H', 'Authorization: Token x'], /comes from the token/],
    ['a --query that is not JMESPath', ['/locations', '--query', '[.'], /is not a JMESPath expression/],
    ['--paginate on a POST', ['/products', '-X', 'POST', '--paginate'], /GET only/],
    ['a body on a GET', ['/products', '-X', 'GET', '--data', '{}'], /GET takes no body/],
  ] as const) {
    it(`refuses ${what} with exit 2 and sends nothing`, async () => {
      const run = await against(() => ({ status: 200, body: {} }), [...args]);
      expect(run.code).to.equal(2);
      expect(run.stderr).to.match(message);
      expect(stub!.requests).to.deep.equal([]);
    });
  }
});
