// `whctl contract diff` as ops run it: files and URLs in, every change classified out, and an
// exit status a CI job can gate on (DECISIONS 352).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { specPath } from '@warehouse-kit/spec/document';
import { tempDir } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { parse, stringify } from 'yaml';
import { type Stub, startStub } from './support/stub.js';
import { json, whctl } from './support/whctl.js';

describe('whctl contract diff', () => {
  const folder = tempDir('whctl-contract-');
  const spec = parse(readFileSync(specPath, 'utf8'), { maxAliasCount: -1 });
  /** The spec with `change` applied, written to a file of its own. */
  const variant = (name: string, change: (document: any) => void) => {
    const document = structuredClone(spec);
    change(document);
    const path = join(folder, name);
    writeFileSync(path, stringify(document, { aliasDuplicateObjects: false }));
    return path;
  };
  let stub: Stub | undefined;
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
  });

  it('lists a compatible change as JSON and exits 0', async () => {
    const wider = variant('wider.yaml', (document) => {
      document.components.schemas.ProductCreate.properties.name.maxLength = 1000;
    });
    const run = await whctl(['contract', 'diff', specPath, wider, '-o', 'json']);
    expect(run.code, run.stderr).to.equal(0);
    const changes = json(run);
    expect(changes.length).to.be.greaterThan(0);
    expect(changes[0]).to.deep.equal({
      kind: 'compatible',
      rule: 'request-bound-relaxed',
      operation: 'POST /products',
      detail: 'maxLength 255 → 1000',
      pointer:
        '/paths/~1products/post/requestBody/content/application~1json/schema/properties/product/properties/name/maxLength',
    });
    expect(changes.every((change: { kind: string }) => change.kind === 'compatible')).to.equal(true);
    expect(run.stderr).to.match(/: 0 breaking, \d+ compatible\n$/);
  });

  it('exits 1 on a breaking change read from a URL, saying how many break clients in one line', async () => {
    const narrower = structuredClone(spec);
    narrower.components.schemas.ProductCreate.properties.name.maxLength = 64;
    stub = await startStub(() => ({ status: 200, body: narrower }));
    const run = await whctl(['contract', 'diff', specPath, `${stub.url}/openapi.json`, '-o', 'json']);
    expect(run.code).to.equal(1);
    expect(json(run).map((change: { rule: string }) => change.rule)).to.include('request-bound-tightened');
    expect(run.stderr).to.match(
      /^whctl: \d+ change\(s\) from .* to .*openapi\.json: [1-9]\d* breaking, 0 compatible\n$/,
    );
  });

  it('prints a table that fits, with a rule under its heading and pointers broken only before a /', async () => {
    const released = join(specPath, '../released/1.0.0.yaml');
    // Into a pipe, as into a file: 80 columns unless COLUMNS says otherwise.
    for (const [columns, env] of [
      [80, {}],
      [160, { COLUMNS: '160' }],
    ] as const) {
      const run = await whctl(['contract', 'diff', released, specPath, '-o', 'table'], { env });
      expect(run.code, run.stderr).to.equal(0);
      const lines = run.stdout.trimEnd().split('\n');
      for (const line of lines) expect(line.length, line).to.be.at.most(columns);
      expect(lines[1]).to.match(/^│ kind +│ rule +│ operation +│/);
      expect(lines[2]).to.match(/^├[─┼]+┤$/);
      if (columns === 80) expect(run.stderr).to.match(/^left out detail, pointer to fit 80 columns/m);
      else {
        const pointers = lines.slice(3, -1).map((line) => line.split('│')[5]!.trim());
        for (const piece of pointers) if (piece) expect(piece).to.match(/^(\/|~1)/);
        expect(pointers.join('')).to.include('/paths/~1locations/get/responses/200/headers/Contract-Version');
      }
    }
  });

  it('says what it could not read: a file that is no contract (2), an error answer (7), no answer (8)', async () => {
    const notContract = join(folder, 'not-a-contract.json');
    writeFileSync(notContract, '{"swagger": "2.0"}');
    const wrong = await whctl(['contract', 'diff', specPath, notContract]);
    expect([wrong.code, wrong.stderr]).to.deep.equal([
      2,
      `whctl: ${notContract} is not an OpenAPI 3 document (no openapi: 3.x at its top)\n`,
    ]);
    stub = await startStub(() => ({ status: 404, body: { error: 'no such page' } }));
    const missing = await whctl(['contract', 'diff', `${stub.url}/openapi.json`, specPath]);
    expect([missing.code, missing.stderr]).to.deep.equal([
      7,
      `whctl: cannot read ${stub.url}/openapi.json: it answered 404\n`,
    ]);
    const port = new URL(stub.url).port;
    await stub.close();
    stub = undefined;
    const away = await whctl(['contract', 'diff', specPath, `http://127.0.0.1:${port}/api/v1/openapi.json`]);
    expect(away.code).to.equal(8);
    // As every command says it: the request, then the reason once, without "Error:".
    expect(away.stderr).to.match(
      /^whctl: GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/openapi\.json got no answer: connect ECONNREFUSED 127\.0\.0\.1:\d+\n$/,
    );
  });
});
