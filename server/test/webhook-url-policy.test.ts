// The webhook URL policy (DECISIONS 242, 333), an extension beyond the reference: one reading of a
// URL, the WHATWG parser's, stored as its normalized href; forms refused in every mode (controls,
// credentials in any spelling, port 0); and, in production mode, every special-purpose address
// block of IPv4 and IPv6, at save and again at delivery.
import { loadDocument } from '@warehouse-kit/spec/document';
import { createAjv, toAjvSchema } from '@warehouse-kit/spec/validators';
import { ApiClient, createWorld, startTestServer, type TestServer, type World } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { send } from '../src/webhooks/send.js';
import { refusedRange } from '../src/webhooks/url-guard.js';

/** Forms of addresses production mode refuses, each with the range it is refused as. */
const refusedAddresses: [url: string, range: string][] = [
  ['http://127.0.0.1/hook', 'loopback'],
  ['http://127.1/hook', 'loopback'],
  ['http://2130706433/hook', 'loopback'],
  ['http://0x7f000001/hook', 'loopback'],
  ['http://0177.0.0.1/hook', 'loopback'],
  ['http://0x7f.0.0.1/hook', 'loopback'],
  ['http://127.255.255.254:8080/hook', 'loopback'],
  ['http://localhost/hook', 'loopback'],
  ['http://10.0.0.1/hook', 'private'],
  ['http://172.16.0.1/hook', 'private'],
  ['http://172.31.255.255/hook', 'private'],
  ['http://192.168.1.1/hook', 'private'],
  ['http://169.254.169.254/latest/meta-data', 'linkLocal'],
  ['http://0.0.0.0/hook', 'unspecified'],
  ['http://0/hook', 'unspecified'],
  ['http://0.1.2.3/hook', 'unspecified'],
  ['http://100.64.0.1/hook', 'carrierGradeNat'],
  ['http://192.0.0.8/hook', 'reserved'],
  ['http://192.0.2.1/hook', 'reserved'],
  ['http://198.51.100.7/hook', 'reserved'],
  ['http://203.0.113.9/hook', 'reserved'],
  ['http://198.18.0.1/hook', 'reserved'],
  ['http://192.88.99.1/hook', 'reserved'],
  ['http://240.0.0.1/hook', 'reserved'],
  ['http://224.0.0.1/hook', 'multicast'],
  ['http://239.255.255.250/hook', 'multicast'],
  ['http://255.255.255.255/hook', 'broadcast'],
  ['http://192.31.196.1/hook', 'as112'],
  ['http://192.175.48.1/hook', 'as112'],
  ['http://192.52.193.1/hook', 'amt'],
  ['http://[::1]/hook', 'loopback'],
  ['http://[0:0:0:0:0:0:0:1]:8080/hook', 'loopback'],
  ['http://[::]/hook', 'unspecified'],
  ['http://[::ffff:127.0.0.1]/hook', 'loopback'],
  ['http://[::ffff:7f00:1]/hook', 'loopback'],
  ['http://[::ffff:a9fe:a9fe]/hook', 'linkLocal'],
  ['https://[::ffff:192.168.0.1]:8443/hook', 'private'],
  ['http://[::ffff:0:a00:1]/hook', 'rfc6145'],
  // IPv4-compatible (::/96, deprecated), whatever it embeds.
  ['http://[::127.0.0.1]/hook', 'reserved'],
  ['http://[::a9fe:a9fe]/hook', 'reserved'],
  ['http://[::a00:1]/hook', 'reserved'],
  ['http://[::8.8.8.8]/hook', 'reserved'],
  // NAT64, 6to4 and Teredo, whatever they embed.
  ['http://[64:ff9b::a00:1]/hook', 'rfc6052'],
  ['http://[64:ff9b::7f00:1]/hook', 'rfc6052'],
  ['http://[64:ff9b::808:808]/hook', 'rfc6052'],
  ['http://[64:ff9b:1::a00:1]/hook', 'rfc6052'],
  ['http://[2002:a00:1::1]/hook', '6to4'],
  ['http://[2002:7f00:1::1]/hook', '6to4'],
  ['http://[2002:a9fe:a9fe::1]/hook', '6to4'],
  ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', 'teredo'],
  ['http://[2001::a00:1]/hook', 'teredo'],
  ['http://[fc00::1]/hook', 'uniqueLocal'],
  ['http://[fd12:3456:789a::1]/hook', 'uniqueLocal'],
  ['http://[fe80::1]/hook', 'linkLocal'],
  ['http://[febf::1]/hook', 'linkLocal'],
  ['http://[fec0::1]/hook', 'deprecatedSiteLocal'],
  ['http://[ff02::1]/hook', 'multicast'],
  ['http://[2001:db8::1]/hook', 'reserved'],
  ['http://[3fff::1]/hook', 'reserved'],
  ['http://[100::1]/hook', 'discard'],
  ['http://[2001:2::1]/hook', 'benchmarking'],
  ['http://[2001:20::1]/hook', 'orchid2'],
  ['http://[5f00::1]/hook', 'segmentRouting'],
  ['http://[4000::1]/hook', 'reserved'],
  ['http://[1234::1]/hook', 'reserved'],
];

/** Forms refused in every mode, with what the 422 says. */
const refusedForms: [url: string, problem: RegExp][] = [
  ['http://127.0.0.1/a\r\nX-Injected: 1', /control characters/],
  ['http://127.0.0.1/\thook', /control characters/],
  ['http://127.0.0.1/\nhook', /control characters/],
  ['http://127.0.0.1/hook\u0000', /NUL character/],
  ['http://127.0.0.1/hook\u0085', /control characters/],
  ['http://127.0.0.1/hook\u007f', /control characters/],
  ['http://user:pw@127.0.0.1/hook', /user or password/],
  ['http://user@127.0.0.1/hook', /user or password/],
  ['http://:pw@127.0.0.1/hook', /user or password/],
  ['http://@127.0.0.1/hook', /user or password/],
  ['http://:@127.0.0.1/hook', /user or password/],
  ['http://a@b@127.0.0.1/hook', /user or password/],
  ['http://evil.example\\@127.0.0.1/hook', /backslash/],
  ['http://127.0.0.1\\@evil.example/hook', /backslash/],
  ['http://127.0.0.1:0/hook', /port 0/],
  ['http://127.0.0.1:00/hook', /port 0/],
  ['ftp://127.0.0.1/hook', /must look like/],
  ['http://127.0.0.1:65536/hook', /absolute URL/],
  ['http://[::1/hook', /absolute URL/],
];

/** URLs without a host, which the spec's pattern refuses as the server did (DECISIONS 446). */
const hostless = ['HTTP://', 'http:///', 'https://?q=1', 'http://#f', 'http://:80/hook', 'http://user@:80/hook'];

/** As written, and as the WHATWG parser normalizes it: what is stored and shown. */
const normalized: [written: string, stored: string][] = [
  ['HTTP://127.0.0.1:80/a/./b/../c', 'http://127.0.0.1/a/c'],
  ['http:///127.0.0.1/x', 'http://127.0.0.1/x'],
  ['http://0x7f.1:8080', 'http://127.0.0.1:8080/'],
  ['http://[::FFFF:127.0.0.1]/x', 'http://[::ffff:7f00:1]/x'],
  ['https://127.0.0.1:443/x?q=1', 'https://127.0.0.1/x?q=1'],
  ['http://LocalHost/a b', 'http://localhost/a%20b'],
];

describe('the webhook URL policy (extension)', () => {
  let server: TestServer;
  let strict: TestServer;
  let world: World;
  let guarded: ApiClient;

  before(async () => {
    server = await startTestServer({ config: { webhookAllowPrivate: true, authFailuresPerMinute: 1000 } });
    strict = await startTestServer({ config: { authFailuresPerMinute: 1000 } });
    world = await createWorld(server);
    guarded = new ApiClient(strict.port, world.host(), world.token('admin'));
  });
  after(async () => {
    await strict.close();
    await server.close();
  });

  // Disabled, so that no delivery is ever made to an address a test accepts.
  const create = (client: ApiClient, url: string) =>
    client.post('/webhook_endpoints', { webhook_endpoint: { url, enabled: false } });

  /** The one refusal at save for a host that does not resolve or resolves to a refused range (DECISIONS 438). */
  const unusable = (url: string, allowPrivate = false) => {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return allowPrivate
      ? `must name a host that resolves within 5 s; ${host} does not`
      : 'must name a host that resolves within 5 s to public addresses only (WH_WEBHOOK_ALLOW_PRIVATE allows ' +
          `others); ${host} does not`;
  };

  it('refuses at save every special-purpose address in production mode, naming neither its range nor the address', async () => {
    expect(refusedAddresses.length + refusedForms.length).to.be.at.least(60);
    for (const [url] of refusedAddresses) {
      const res = await create(guarded, url);
      expect(res.status, url).to.equal(422);
      expect(res.body.errors.url, url).to.deep.equal([unusable(url)]);
    }
    expect((await guarded.get('/webhook_endpoints')).body).to.deep.equal([]);
  });

  it('answers a host that does not resolve in the words of one that resolves inward, so saving tells nothing of internal names', async () => {
    // `.invalid` never resolves (RFC 6761); `localhost` resolves to loopback.
    const answers = await Promise.all(
      ['http://no-such-host.invalid/hook', 'http://localhost/hook'].map((url) => create(guarded, url)),
    );
    expect(answers.map((res) => res.status)).to.deep.equal([422, 422]);
    expect(answers[0]!.body.errors.url).to.deep.equal([unusable('http://no-such-host.invalid/hook')]);
    expect(answers[1]!.body.errors.url).to.deep.equal([unusable('http://localhost/hook')]);
    const allowing = await create(world.as('admin'), 'http://no-such-host.invalid/hook');
    expect(allowing.body.errors.url).to.deep.equal([unusable('http://no-such-host.invalid/hook', true)]);
  });

  it('refuses controls, credentials in any spelling, backslashes and port 0 in every mode', async () => {
    for (const client of [guarded, world.as('admin')]) {
      for (const [url, problem] of refusedForms) {
        const res = await create(client, url);
        expect(res.status, JSON.stringify(url)).to.equal(422);
        expect(res.body.errors.url[0], JSON.stringify(url)).to.match(problem);
      }
    }
    expect((await world.as('admin').get('/webhook_endpoints')).body).to.deep.equal([]);
  });

  it("refuses a URL without a host by the spec's pattern, and no URL the server reads", async () => {
    const url = (loadDocument().components.schemas as Record<string, object>).WebhookUrl;
    const bySpec = createAjv().compile(toAjvSchema(url));
    for (const written of hostless) {
      expect(bySpec(written), written).to.equal(false);
      const res = await create(world.as('admin'), written);
      expect(res.status, written).to.equal(422);
      expect(res.body.errors).to.deep.equal({ url: ['must look like https://erp.example.com/hooks/warehouse'] });
    }
    // What the server refuses for another reason, or stores, the pattern leaves alone.
    const others = [...refusedAddresses.map(([written]) => written), ...normalized.map(([written]) => written)];
    const forms = refusedForms.map(([written]) => written).filter((written) => !written.startsWith('ftp:'));
    for (const written of [...others, ...forms]) expect(bySpec(written), JSON.stringify(written)).to.equal(true);
  });

  it('accepts public addresses in production mode', async () => {
    for (const url of ['http://1.1.1.1/hook', 'https://[2606:4700:4700::1111]:8443/hook', 'http://8.8.8.8/']) {
      const res = await create(guarded, url);
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.url).to.equal(url);
      await guarded.delete(`/webhook_endpoints/${res.body.id}`);
    }
  });

  it('stores and shows the URL as the WHATWG parser normalizes it, on create and on update', async () => {
    const admin = world.as('admin');
    for (const [written, stored] of normalized) {
      const created = await create(admin, written);
      expect(created.status, JSON.stringify(created.body)).to.equal(200);
      expect(created.body.url).to.equal(stored);
      expect((await admin.get(`/webhook_endpoints/${created.body.id}`)).body.url).to.equal(stored);
      const updated = await admin.patch(`/webhook_endpoints/${created.body.id}`, {
        webhook_endpoint: { url: written },
      });
      expect(updated.body.url).to.equal(stored);
      await admin.delete(`/webhook_endpoints/${created.body.id}`);
    }
  });

  it('refuses every one of those addresses again at delivery, before connecting', async () => {
    for (const [url, range] of refusedAddresses) {
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      // The guard's verdict first, so that a hole in it fails here instead of sending anything.
      if (host !== 'localhost') expect(refusedRange(host, false), url).to.equal(range);
      const result = await send(url, '{}', { headers: {}, timeoutMs: 1_000, allowPrivate: false });
      expect(result, url).to.deep.include({ error: 'refused_address' });
    }
  });
});
