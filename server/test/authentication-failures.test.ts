import {
  createWorld,
  send,
  startTestServer,
  type TestResponse,
  type TestServer,
  type World,
} from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { configFromEnv } from '../src/config.js';
import { addressBlock } from '../src/middleware/authentication-failures.js';

async function fail(world: World, count: number, headers: Record<string, string> = {}): Promise<TestResponse[]> {
  const answers: TestResponse[] = [];
  for (let i = 0; i < count; i++) {
    const client = world.as({ token: `guess-${i}` });
    answers.push(await client.request('GET', '/locations', { headers }));
  }
  return answers;
}

describe('one budget per token, and failed authentications limited per address', () => {
  let server: TestServer;
  let world: World;

  before(async () => {
    server = await startTestServer();
    world = await createWorld(server);
  });
  after(() => server.close());

  it('authenticates only the canonical spelling, so no other spelling gets a budget of its own', async () => {
    const token = world.token('admin');
    const client = world.as({ token: undefined });
    for (const authorization of [
      `token ${token}`,
      `TOKEN ${token}`,
      `Token  ${token}`,
      `Token\t${token}`,
      `Token:${token}`,
    ]) {
      const res = await client.request('GET', '/locations', { headers: { authorization } });
      expect(res.status, JSON.stringify(authorization)).to.equal(401);
      expect(res.body.error).to.include('exactly so spelled');
    }
    expect(
      (await client.request('GET', '/locations', { headers: { authorization: `Token ${token}` } })).status,
    ).to.equal(200);
  });

  it('answers 429 with the limit headers past 20 failed authentications a minute from one address', async () => {
    const answers = await fail(world, 21);
    expect(answers.slice(0, 20).map((res) => res.status)).to.deep.equal(Array(20).fill(401));
    const refused = answers[20]!;
    expect(refused.status).to.equal(429);
    expect(refused.body.error).to.include('too many failed authentications');
    expect(refused.headers['x-ratelimit-limit']).to.equal('20');
    expect(refused.headers['x-ratelimit-remaining']).to.equal('0');
    expect(Date.parse(refused.headers['x-ratelimit-reset']!) - Date.now()).to.be.within(0, 61_000);
    const missing = await world.as({ token: undefined }).get('/locations');
    expect(missing.status, 'a request without a token fails to authenticate too').to.equal(429);
  });

  it('still serves valid tokens from an address that others have locked out', async () => {
    await fail(world, 25);
    const valid = await world.as('admin').get('/locations');
    expect(valid.status).to.equal(200);
    expect(valid.headers['x-ratelimit-limit'], 'the token keeps its own budget').to.equal('120');
    expect((await world.as('integration', 'toronto').get('/products')).status).to.equal(200);
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const answers = await fail(world, 21, { 'x-forwarded-for': '203.0.113.9' });
    expect(answers[20]!.status).to.equal(429);
    const elsewhere = await fail(world, 1, { 'x-forwarded-for': '198.51.100.7' });
    expect(elsewhere[0]!.status, 'the header named another address, but the socket is the same').to.equal(429);
  });

  describe('behind one trusted proxy (WH_TRUST_PROXY=1), with a configured limit', () => {
    let proxied: TestServer;
    let behind: World;

    before(async () => {
      proxied = await startTestServer({ config: { trustProxy: 1, authFailuresPerMinute: 3 } });
      behind = await createWorld(proxied);
    });
    after(() => proxied.close());

    it('counts each client address the nearest proxy reports on its own', async () => {
      const first = await fail(behind, 4, { 'x-forwarded-for': '10.9.9.9, 203.0.113.9' });
      expect(first.map((res) => res.status)).to.deep.equal([401, 401, 401, 429]);
      expect(first[3]!.headers['x-ratelimit-limit']).to.equal('3');
      // The client may write what it likes before the proxy's entry; only the last entry counts.
      const spoofed = await fail(behind, 1, { 'x-forwarded-for': '10.1.1.1, 203.0.113.9' });
      expect(spoofed[0]!.status).to.equal(429);
      const other = await fail(behind, 1, { 'x-forwarded-for': '198.51.100.7' });
      expect(other[0]!.status).to.equal(401);
    });
  });

  describe('with the addresses of the trusted proxies (WH_TRUST_PROXY=10.0.0.0/8)', () => {
    let proxied: TestServer;
    let behind: World;

    before(async () => {
      proxied = await startTestServer({ config: { trustProxy: ['10.0.0.0/8'], authFailuresPerMinute: 3 } });
      behind = await createWorld(proxied);
    });
    after(() => proxied.close());

    it('ignores the X-Forwarded-* headers of a client that reaches the server directly', async () => {
      // The tests connect from 127.0.0.1, which is not a listed proxy: each forged address is ignored.
      const answers: TestResponse[] = [];
      for (let i = 0; i < 4; i++) answers.push(...(await fail(behind, 1, { 'x-forwarded-for': `203.0.113.${i}` })));
      expect(answers.map((res) => res.status)).to.deep.equal([401, 401, 401, 429]);
      const forgedHost = await send(proxied.port, 'nowhere.example', 'GET', '/api/v1/locations', {
        headers: { 'x-forwarded-host': behind.host(), authorization: `Token ${behind.token('admin')}` },
      });
      expect(forgedHost.status, 'X-Forwarded-Host of a direct client names no tenant').to.equal(404);
    });
  });

  describe('with loopback and 10.0.0.0/8 as trusted proxies', () => {
    let proxied: TestServer;
    let behind: World;

    before(async () => {
      proxied = await startTestServer({ config: { trustProxy: ['loopback', '10.0.0.0/8'], authFailuresPerMinute: 3 } });
      behind = await createWorld(proxied);
    });
    after(() => proxied.close());

    it('takes the client address from the nearest entry that is not a trusted proxy', async () => {
      const first = await fail(behind, 4, { 'x-forwarded-for': '203.0.113.9, 10.0.0.2' });
      expect(first.map((res) => res.status)).to.deep.equal([401, 401, 401, 429]);
      // What the client wrote before the proxies' entries is not believed.
      const spoofed = await fail(behind, 1, { 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.0.0.2' });
      expect(spoofed[0]!.status).to.equal(429);
      const other = await fail(behind, 1, { 'x-forwarded-for': '198.51.100.7, 10.0.0.2' });
      expect(other[0]!.status).to.equal(401);
      const proxiedHost = await send(proxied.port, 'nowhere.example', 'GET', '/api/v1/locations', {
        headers: { 'x-forwarded-host': behind.host(), authorization: `Token ${behind.token('admin')}` },
      });
      expect(proxiedHost.status, 'X-Forwarded-Host of a trusted proxy names the tenant').to.equal(200);
    });
  });

  describe('counted per address block in PostgreSQL', () => {
    it('keeps one budget per address for every server process on the database', async () => {
      const second = await startTestServer();
      try {
        const other = await createWorld(second);
        const first = await fail(world, 10);
        const through = await fail(other, 11);
        expect([...first, ...through].map((res) => res.status)).to.deep.equal([...Array(20).fill(401), 429]);
      } finally {
        await second.close();
      }
    });

    it('takes IPv4 addresses whole, mapped ones as IPv4, and IPv6 addresses by their /64', () => {
      expect(addressBlock('203.0.113.9')).to.equal('203.0.113.9');
      expect(addressBlock('::ffff:203.0.113.9')).to.equal('203.0.113.9');
      expect(addressBlock('2001:db8:1:2:aaaa::1')).to.equal(addressBlock('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
      expect(addressBlock('2001:db8:1:2::1')).to.equal('2001:db8:1:2::/64');
      expect(addressBlock('2001:db8:1:3::1')).to.not.equal(addressBlock('2001:db8:1:2::1'));
    });
  });

  it('reads the limit from WH_AUTH_FAILURES_PER_MINUTE and refuses a value that is not an integer in range', () => {
    expect(configFromEnv({}).authFailuresPerMinute).to.equal(20);
    expect(configFromEnv({ WH_AUTH_FAILURES_PER_MINUTE: '5' }).authFailuresPerMinute).to.equal(5);
    for (const value of ['0', '1e3', 'lots', '-1']) {
      expect(() => configFromEnv({ WH_AUTH_FAILURES_PER_MINUTE: value })).to.throw(
        `WH_AUTH_FAILURES_PER_MINUTE must be an integer from 1 to 100000, got "${value}"`,
      );
    }
    expect(() => configFromEnv({ WH_BODY_LIMIT: '12kb' })).to.throw('WH_BODY_LIMIT must be an integer');
  });
});
