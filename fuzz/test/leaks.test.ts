import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { internalsIn } from '../src/leaks.js';
import type { FuzzRequest } from '../src/requests.js';

const request = (target: string, body?: Buffer, headers: Record<string, string> = {}): FuzzRequest => ({
  operationId: 'listCompanies',
  method: body ? 'POST' : 'GET',
  host: 'acme.wh.test',
  target,
  headers: { authorization: 'Token t0ken', ...headers },
  ...(body && { body }),
});

/** The request and the answer that stopped `npm run fuzz -- --seed 1118333938`. */
const seed1118333938 = {
  request: request('/api/v1/companies?page=333274&location_name=%25Q%28F+aJV%3B+&company_number=%3ArAjQvJ9n'),
  answer: { error: 'location "%Q(F aJV;" not found', request_id: 'ef8506ab-de1a-4bfe-9a28-467447883af3' },
};

const plain = request('/api/v1/products/7');

describe('the leak detector of a campaign', () => {
  it('does not take the location name seed 1118333938 sent, echoed by a 404, for a library', () => {
    expect(internalsIn(seed1118333938.answer, seed1118333938.request)).to.deep.equal([]);
    // Neither as a word nor as an echo: ajv writes its name in lower case.
    expect(internalsIn(seed1118333938.answer, plain)).to.deep.equal([]);
  });

  it('takes what the request itself sent for an echo, in its path, query, headers or (compressed) body', () => {
    const echoed = { error: 'location "uses ajv and knex" not found' };
    expect(internalsIn(echoed, plain)).to.deep.equal(['ajv', 'knex']);
    expect(internalsIn(echoed, request('/api/v1/companies?location_name=uses+ajv+and+knex'))).to.deep.equal([]);
    expect(
      internalsIn(echoed, request('/api/v1/companies', undefined, { 'x-name': 'uses ajv and knex' })),
    ).to.deep.equal([]);
    const body = gzipSync(JSON.stringify({ company: { name: 'uses ajv and knex' } }));
    expect(internalsIn(echoed, request('/api/v1/companies', body, { 'content-encoding': 'gzip' }))).to.deep.equal([]);
  });

  it('still finds a leak beside an echo: what the request did not send', () => {
    const answer = { error: 'location "ajv" not found: TypeError: Cannot read properties of undefined' };
    expect(internalsIn(answer, request('/api/v1/companies?location_name=ajv'))).to.deep.equal([
      'TypeError: ',
      'Cannot read properties of undefined',
    ]);
  });

  const leaks: Record<string, unknown> = {
    'a stack frame': { error: 'boom', detail: '    at handler (file:///app/dist/src/routes/products.js:41:13)' },
    'an anonymous frame': 'Error: boom\n    at /srv/app/server.js:10:5',
    'a source file with its line': { error: 'failed in products.ts:41' },
    'a module path': { error: "Cannot find module '/app/node_modules/koa/lib/application.js'" },
    'an error serialised whole': { error: { message: 'boom', stack: 'Error: boom' } },
    "JavaScript's TypeError": { error: 'TypeError: x.map is not a function' },
    "V8's JSON parse error": { error: 'Unexpected token } in JSON at position 12' },
    "PostgreSQL's unique violation": { error: 'duplicate key value violates unique constraint "products_pkey"' },
    "PostgreSQL's missing relation, as its name in quotes": { error: 'relation "purchase_orders" does not exist' },
    "PostgreSQL's input syntax": { errors: { id: ['invalid input syntax for type integer: "abc"'] } },
    'SQL as knex writes it': { error: 'select "p0".* from "products" as "p0" where "p0"."id" = 1' },
    "an insert as MikroORM's log shows it": { error: 'insert into "companies" ("name") values ($1)' },
    "MikroORM's error class": { error: 'DriverException: connection terminated' },
    "a library's name": { error: 'MikroORM failed to hydrate the entity' },
    'a lower-case library name': { error: 'validation by ajv failed' },
  };
  for (const [what, answer] of Object.entries(leaks))
    it(`finds ${what}`, () => {
      expect(internalsIn(answer, plain), JSON.stringify(answer)).not.to.be.empty;
    });

  it("takes no contract text for a leak: a body that is not JSON, a field's rule, a 404", () => {
    const answers = [
      { error: 'the request body is not valid JSON (an object is expected)' },
      { errors: { quantity: ['must be an integer from 1 to 999999'] } },
      { error: 'purchase order not found', request_id: 'ef8506ab-de1a-4bfe-9a28-467447883af3' },
      { error: 'select a location: the request goes to the organization interface' },
    ];
    for (const answer of answers) expect(internalsIn(answer, plain), JSON.stringify(answer)).to.deep.equal([]);
  });
});
