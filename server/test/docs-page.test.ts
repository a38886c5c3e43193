import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { send, startTestServer, TEST_BASE_HOST, type TestServer } from '@warehouse-kit/testing/server';
import { expect } from 'chai';
import { chromium } from 'playwright-core';

/** Debian's Chromium, which .ci/run installs where it can; Playwright's own download cannot run here. */
const CHROMIUM = '/usr/bin/chromium';
const BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

describe('the API reference page', () => {
  let server: TestServer;

  before(async () => (server = await startTestServer()));
  after(() => server.close());

  it('serves a page that loads Redoc and the spec from this server only, on every host', async () => {
    for (const host of [TEST_BASE_HOST, `acme.${TEST_BASE_HOST}`, 'anything.example']) {
      const res = await send(server.port, host, 'GET', '/docs');
      expect(res.status, host).to.equal(200);
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.body).to.include('<redoc spec-url="/api/v1/openapi.json"></redoc>');
      expect(res.body).to.include('<script src="/docs/redoc.standalone.js"></script>');
      expect(res.body).not.to.match(/https?:\/\//);
      expect(res.headers['content-security-policy']).to.include("default-src 'none'").and.include("script-src 'self'");
    }
  });

  it('serves the Redoc bundle from its own dependencies, cacheable for a day', async () => {
    const res = await send(server.port, TEST_BASE_HOST, 'GET', '/docs/redoc.standalone.js');
    expect(res.status).to.equal(200);
    expect(res.headers['content-type']).to.equal('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).to.equal('public, max-age=86400');
    expect(res.body).to.equal(readFileSync(BUNDLE, 'utf8'));
  });

  describe('in a headless browser', function () {
    this.timeout(60_000);

    it('renders every operation of the spec, fetching nothing from another origin, without errors', async function () {
      if (!existsSync(CHROMIUM)) this.skip();
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
        ],
      });
      try {
        const page = await browser.newPage();
        const origin = `http://127.0.0.1:${server.port}`;
        const foreign = (url: string) => !url.startsWith(origin) && !url.startsWith('blob:');
        // Redoc's sidebar credit loads its logo from Redocly's CDN: the page's policy must block it.
        const left: string[] = [];
        const blocked: string[] = [];
        const problems: string[] = [];
        page.on('response', (response) => foreign(response.url()) && left.push(response.url()));
        page.on('requestfailed', (request) => {
          if (!foreign(request.url())) return;
          (request.failure()?.errorText === 'csp' ? blocked : left).push(request.url());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('console', (message) => {
          const text = message.text();
          const refusal = /violates the following Content Security Policy directive/.test(text);
          if (message.type() === 'error' && !refusal) problems.push(text);
        });
        await page.goto(`${origin}/docs`);
        await page
          .getByRole('heading', { name: /Warehouse Scheduling Service API/ })
          .first()
          .waitFor();
        for (const summary of ['List accessible locations', 'Upload many products and purchase orders at once'])
          await page.getByText(summary).first().waitFor({ state: 'attached' });
        expect(left, 'requests that reached another origin').to.deep.equal([]);
        expect(problems).to.deep.equal([]);
        expect(blocked).to.deep.equal(['https://cdn.redoc.ly/redoc/logo-mini.svg']);
        if (process.env.WH_DOCS_SCREENSHOT) await page.screenshot({ path: process.env.WH_DOCS_SCREENSHOT });
      } finally {
        await browser.close();
      }
    });
  });
});
