import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { apiBaseUrl, createClient, locationBaseUrl, SDK_NAME, SDK_VERSION, USER_AGENT } from '../src/index.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

describe('SDK client', () => {
  useNock();

  it('sends the token as "Authorization: Token" and names the SDK and its version in the user agent', async () => {
    const scope = api().matchHeader('user-agent', USER_AGENT).get('/api/v1/locations').reply(200, []);
    const { data } = await createClient({ baseUrl: BASE, token: TOKEN }).GET('/locations');
    expect(data).to.deep.equal([]);
    scope.done();
  });

  it("names this package and its package.json's version, the one the tarball ships, in the user agent", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      name: string;
      version: string;
    };
    expect([SDK_NAME, SDK_VERSION]).to.deep.equal([pkg.name, pkg.version]);
    expect(USER_AGENT).to.equal(`warehouse-kit-sdk/${pkg.version}`);
  });

  it('appends /api/v1 to an interface address and accepts one that already has it', () => {
    expect(apiBaseUrl('http://acme.localhost:3000')).to.equal('http://acme.localhost:3000/api/v1');
    expect(apiBaseUrl('http://acme.localhost:3000/')).to.equal('http://acme.localhost:3000/api/v1');
    expect(apiBaseUrl('https://acme.example.com/api/v1/')).to.equal('https://acme.example.com/api/v1');
    expect(apiBaseUrl('https://gateway.example.com/warehouse')).to.equal(
      'https://gateway.example.com/warehouse/api/v1',
    );
  });

  it('sends requests under /api/v1 when the address already ends with it', async () => {
    const scope = api().get('/api/v1/products/7').reply(200, { id: 7 });
    const { data } = await createClient({ baseUrl: `${BASE}/api/v1`, token: TOKEN }).GET('/products/{id}', {
      params: { path: { id: 7 } },
    });
    expect(data?.id).to.equal(7);
    scope.done();
  });

  it('refuses an address that is not absolute http(s) or carries a query', () => {
    expect(() => apiBaseUrl('acme.example.com')).to.throw(TypeError, /absolute http\(s\) address/);
    expect(() => apiBaseUrl('ftp://acme.example.com')).to.throw(TypeError, /http or https/);
    expect(() => apiBaseUrl('https://acme.example.com?x=1')).to.throw(TypeError, /query or fragment/);
  });

  it('refuses an empty token or one with spaces or line breaks, saying what it expected', () => {
    for (const token of ['', 'abc def', 'abc\n']) {
      expect(() => createClient({ baseUrl: BASE, token })).to.throw(TypeError, /API token issued by support/);
    }
  });

  it('derives a location interface address by swapping the first host label', () => {
    expect(locationBaseUrl('http://acme.localhost:3000', { url: 'acme-toronto' })).to.equal(
      'http://acme-toronto.localhost:3000',
    );
    expect(locationBaseUrl('https://acme.example.com/api/v1', { url: 'acme-ny' })).to.equal(
      'https://acme-ny.example.com/api/v1',
    );
  });

  it('refuses a location url that is not one subdomain label, so the token cannot be sent elsewhere', () => {
    for (const url of ['evil.example.org', '', 'a/b', '-acme']) {
      expect(() => locationBaseUrl(BASE, { url })).to.throw(TypeError, /single subdomain label/);
    }
  });

  it('refuses to derive a location address from a host without a subdomain', () => {
    expect(() => locationBaseUrl('http://localhost:3000', { url: 'acme-toronto' })).to.throw(TypeError, /subdomain/);
    expect(() => locationBaseUrl('http://127.0.0.1:3000', { url: 'acme-toronto' })).to.throw(TypeError, /subdomain/);
  });

  it('talks to a location interface with a client made from the derived address', async () => {
    const scope = api('https://acme-toronto.example.test')
      .get('/api/v1/locations')
      .reply(200, [{ name: 'Toronto', url: 'acme-toronto', time_zone: 'America/Toronto' }]);
    const toronto = createClient({ baseUrl: locationBaseUrl(BASE, { url: 'acme-toronto' }), token: TOKEN });
    const { data } = await toronto.GET('/locations');
    expect(data?.[0]?.time_zone).to.equal('America/Toronto');
    scope.done();
  });

  it('adds client-wide and per-request headers without losing the token', async () => {
    const scope = api()
      .matchHeader('x-integration', 'erp-sync')
      .matchHeader('x-request-id', 'r-1')
      .get('/api/v1/locations')
      .reply(200, []);
    const client = createClient({ baseUrl: BASE, token: TOKEN, headers: { 'X-Integration': 'erp-sync' } });
    await client.GET('/locations', { headers: { 'X-Request-Id': 'r-1' } });
    scope.done();
  });

  it('uses a custom fetch given for the client or for one request', async () => {
    const seen: string[] = [];
    const fake = (label: string) => async (request: Request) => {
      seen.push(`${label} ${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization')}`);
      return Response.json([]);
    };
    const client = createClient({ baseUrl: BASE, token: TOKEN, fetch: fake('client') });
    await client.GET('/locations');
    await client.GET('/locations', { fetch: fake('request') });
    expect(seen).to.deep.equal([
      `client GET /api/v1/locations Token ${TOKEN}`,
      `request GET /api/v1/locations Token ${TOKEN}`,
    ]);
  });

  it('aborts a call that outlives the client timeout', async () => {
    api().get('/api/v1/locations').delay(500).reply(200, []);
    const client = createClient({ baseUrl: BASE, token: TOKEN, timeout: 20 });
    const failure = await client.GET('/locations').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.have.property('name', 'TimeoutError');
  });

  it('aborts a call when the signal given for that request fires', async () => {
    api().get('/api/v1/locations').delay(500).reply(200, []);
    const client = createClient({ baseUrl: BASE, token: TOKEN, timeout: 10_000 });
    const failure = await client.GET('/locations', { signal: AbortSignal.timeout(20) }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).to.have.property('name', 'TimeoutError');
  });

  it('refuses a timeout that is not a positive number', () => {
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, timeout: 0 })).to.throw(
      TypeError,
      /positive number of milliseconds/,
    );
  });

  it('refuses extra middleware that is not an openapi-fetch middleware object', () => {
    expect(() => createClient({ baseUrl: BASE, token: TOKEN, middleware: [(() => undefined) as never] })).to.throw(
      /onRequest/,
    );
  });
});
