import { expect } from 'chai';
import { HarRecorder } from '../src/har.js';
import { curlFor, TOKEN_VARIABLE } from '../src/reproduce.js';
import { harValidator } from './support/har-schema.js';

const SECRET = 'very-secret-token';

describe('reproducing what a check saw', () => {
  describe('the HAR archive', () => {
    async function recorded(): Promise<unknown> {
      const recorder = new HarRecorder([SECRET]);
      const answers = [
        () =>
          Response.json(
            { error: `unknown token Token ${SECRET}` },
            { status: 401, headers: { 'X-Request-Id': 'r-1' } },
          ),
        () => {
          throw Object.assign(new TypeError('fetch failed'), { cause: new Error('connect ECONNREFUSED') });
        },
      ];
      const fetch = recorder.wrap(async () => answers.shift()!());
      const headers = { Authorization: `Token ${SECRET}`, 'Content-Type': 'application/json' };
      await fetch(
        new Request(`https://acme.example.test/api/v1/products?note=${SECRET}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ product: { name: 'Crème brûlée', note: SECRET } }),
        }),
      );
      await fetch(new Request('https://acme.example.test/api/v1/locations', { headers })).catch(() => undefined);
      return recorder.har();
    }

    it('is HAR 1.2 as har-schema describes it, an answer and a failure alike', async () => {
      const har = await recorded();
      expect(harValidator()(har)).to.deep.equal([]);
      const { log } = har as { log: { version: string; entries: { response: { status: number } }[] } };
      expect(log.version).to.equal('1.2');
      expect(log.entries.map((entry) => entry.response.status)).to.deep.equal([401, 0]);
    });

    it('holds the exchange: method, URL, headers, bodies and the request id', async () => {
      const [entry] = ((await recorded()) as { log: { entries: any[] } }).log.entries;
      expect(entry.request.method).to.equal('POST');
      expect(entry.request.postData.text).to.include('Crème brûlée');
      expect(entry.response.headers).to.deep.include({ name: 'x-request-id', value: 'r-1' });
      expect(entry.response.content.mimeType).to.include('application/json');
    });

    it('holds no token anywhere: header, URL, query, request and response bodies', async () => {
      const text = JSON.stringify(await recorded());
      expect(text).not.to.include(SECRET);
      expect(text).to.include('"value":"Token [REDACTED]"').and.include('note=%5BREDACTED%5D');
      expect(text).to.include('{"name":"note","value":"[REDACTED]"}');
    });
    it('holds no webhook secret: the answers that create and rotate an endpoint, a request body, a header, a URL', async () => {
      // Secrets with + and /, which a URL percent-encodes and some JSON writers escape.
      const secret = `whsec_${Buffer.alloc(32, 0xfb).toString('base64')}`;
      const rotated = `whsec_${Buffer.alloc(32, 0xfe).toString('base64')}`;
      expect(secret).to.include('+').and.include('/');
      const recorder = new HarRecorder([SECRET]);
      const answers = [
        () => Response.json({ id: 7, url: 'https://hooks.example.test/in', secret }, { status: 200 }),
        () =>
          new Response(`{"id":7,"secret":"${rotated.replaceAll('/', '\\/')}"}`, {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Echo': `previous=${secret}` },
          }),
        () => Response.json({ id: 8 }, { status: 200 }),
      ];
      const fetch = recorder.wrap(async () => answers.shift()!());
      const headers = { Authorization: `Token ${SECRET}`, 'Content-Type': 'application/json' };
      const endpoints = 'https://acme.example.test/api/v1/webhook_endpoints';
      await fetch(new Request(endpoints, { method: 'POST', headers, body: '{"webhook_endpoint":{}}' }));
      await fetch(new Request(`${endpoints}/7/rotate_secret`, { method: 'POST', headers }));
      await fetch(
        new Request(`${endpoints}?secret=${encodeURIComponent(rotated)}`, {
          method: 'POST',
          headers: { ...headers, 'X-Webhook-Secret': rotated },
          body: JSON.stringify({ webhook_endpoint: { secret: rotated } }),
        }),
      );
      const har = recorder.har();
      expect(harValidator()(har)).to.deep.equal([]);
      const text = JSON.stringify(har);
      for (const shown of [secret, rotated])
        for (const form of [shown, encodeURIComponent(shown), shown.replaceAll('/', '\\/')])
          expect(text).not.to.include(form.slice('whsec_'.length, 'whsec_'.length + 12));
      const [created, rotation, sent] = har.log.entries;
      expect(created!.response.content.text).to.equal(
        '{"id":7,"url":"https://hooks.example.test/in","secret":"whsec_[REDACTED]"}',
      );
      expect(rotation!.response.content.text).to.equal('{"id":7,"secret":"whsec_[REDACTED]"}');
      expect(rotation!.response.headers).to.deep.include({ name: 'x-echo', value: 'previous=whsec_[REDACTED]' });
      expect(sent!.request.postData?.text).to.equal('{"webhook_endpoint":{"secret":"whsec_[REDACTED]"}}');
      expect(sent!.request.headers).to.deep.include({ name: 'x-webhook-secret', value: 'whsec_[REDACTED]' });
      expect(sent!.request.queryString).to.deep.equal([{ name: 'secret', value: 'whsec_[REDACTED]' }]);
    });
  });

  describe('the curl command', () => {
    it('sends the same method, URL and body, with the token as $WH_TOKEN', () => {
      const curl = curlFor({
        method: 'POST',
        url: 'http://acme.localhost:3000/api/v1/products',
        shownToken: TOKEN_VARIABLE,
        body: `{"product":{"name":"Joe's"}}`,
      });
      expect(curl).to.equal(
        `curl -i -X POST 'http://acme.localhost:3000/api/v1/products' -H "Authorization: Token $WH_TOKEN" ` +
          `-H 'Content-Type: application/json' --data-raw '{"product":{"name":"Joe'\\''s"}}'`,
      );
    });

    it('shows a made-up token as it is, and no header for a request sent without one', () => {
      expect(
        curlFor({
          method: 'GET',
          url: 'https://x.test/api/v1/products',
          shownToken: 'cf-1-not-a-token',
          body: undefined,
        }),
      ).to.equal(`curl -i -X GET 'https://x.test/api/v1/products' -H 'Authorization: Token cf-1-not-a-token'`);
      expect(
        curlFor({ method: 'GET', url: 'https://x.test/api/v1/locations', shownToken: undefined, body: undefined }),
      ).to.equal(`curl -i -X GET 'https://x.test/api/v1/locations'`);
    });
  });
});
