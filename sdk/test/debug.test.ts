import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createClient } from '../src/index.js';
import { api, BASE, TOKEN, useNock } from './support/nock.js';

describe('SDK debug log', () => {
  useNock();

  it('logs each request and answer with their headers, the token redacted wherever it appears', async () => {
    api()
      .get('/api/v1/locations')
      .query({ note: TOKEN })
      .reply(200, [], { 'X-Request-Id': 'req-1', 'X-Echo': `Token ${TOKEN}` });
    const lines: string[] = [];
    const client = createClient({ baseUrl: BASE, token: TOKEN, debug: (line) => lines.push(line) });
    await client.GET('/locations', { params: { query: { note: TOKEN } as never } });
    const [id] = /^\[\d+\]/.exec(lines[0]!) ?? [];
    expect(lines[0]).to.equal(`${id} > GET ${BASE}/api/v1/locations?note=[REDACTED]`);
    expect(lines).to.include(`${id} > authorization: Token [REDACTED]`);
    expect(
      lines.some((line) => /^\[\d+\] < 200 OK \(\d+ ms\)$/.test(line)),
      lines.join('\n'),
    ).to.equal(true);
    expect(lines).to.include(`${id} < x-request-id: req-1`).and.include(`${id} < x-echo: Token [REDACTED]`);
    expect(lines.join('\n')).not.to.include(TOKEN);
  });

  it('logs every attempt of a retried request, and a failure without an answer', async () => {
    api()
      .get('/api/v1/locations')
      .reply(503)
      .get('/api/v1/locations')
      .replyWithError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
    const lines: string[] = [];
    const client = createClient({
      baseUrl: BASE,
      token: TOKEN,
      debug: (line) => lines.push(line),
      retry: { sleep: async () => undefined },
    });
    await client.GET('/locations').catch(() => undefined);
    expect(lines.filter((line) => / > GET /.test(line))).to.have.length(2);
    expect(lines.some((line) => / < 503 Service Unavailable/.test(line))).to.equal(true);
    expect(lines.some((line) => / ! ConnectionError: GET .* got no answer/.test(line))).to.equal(true);
  });

  it('writes to stderr when WH_DEBUG=1 and debug is not set, and stays silent otherwise', () => {
    const index = fileURLToPath(new URL('../src/index.js', import.meta.url));
    // A fetch of its own, so the child needs no network; the log goes to stderr.
    const script = `
      const { createClient } = await import(${JSON.stringify(index)});
      const fetch = async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      await createClient({ baseUrl: 'https://acme.example.test', token: 'secret-token', fetch }).GET('/locations');`;
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
    const on = run({ WH_DEBUG: '1' });
    expect(on.status, on.stderr).to.equal(0);
    expect(on.stderr).to.match(/\] > GET https:\/\/acme\.example\.test\/api\/v1\/locations\n/);
    expect(on.stderr).to.include('authorization: Token [REDACTED]').and.not.include('secret-token');
    expect(run({}).stderr).to.equal('');
  });
});
