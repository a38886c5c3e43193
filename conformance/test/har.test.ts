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
