// The contract's change rules (DECISIONS 352): each rule's fixture pair is classified as the rule
// says, writings of one meaning are no change, and changes planted in the real spec are found.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadDocument } from '@warehouse-kit/spec/document';
import { expect } from 'chai';
import { parse } from 'yaml';
import { diffContracts, requiredBump, rules } from '../src/index.js';

type Doc = Record<string, unknown>;
interface Case {
  rule: string;
  base?: Doc;
  revision?: Doc;
  request?: [unknown, unknown];
  response?: [unknown, unknown];
  expect: [string, string][];
}

const fixtures = parse(
  readFileSync(fileURLToPath(new URL('../../test/fixtures/contract-changes.yaml', import.meta.url)), 'utf8'),
) as { cases: Case[] };

const schemas = {
  A: { type: 'object', properties: { a: { type: 'string' } } },
  B: { type: 'object', properties: { b: { type: 'integer' } } },
};
const requestAt = '/paths/~1things/post/requestBody/content/application~1json/schema';
const responseAt = '/paths/~1things/get/responses/200/content/application~1json/schema';

function contract(parts: Doc = {}): Doc {
  const components = { schemas, ...(parts.components as Doc) };
  return { openapi: '3.1.0', info: { title: 'fixture', version: '1.0.0' }, paths: {}, ...parts, components };
}

/** A contract whose POST /things takes `request` and whose GET /things answers `response`. */
function withSchemas(request: unknown, response: unknown): Doc {
  const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
  return contract({
    paths: {
      '/things': {
        get: { responses: { 200: { description: 'ok', ...json(response) } } },
        post: { requestBody: { required: true, ...json(request) }, responses: { 204: { description: 'done' } } },
      },
    },
  });
}

function pairOf(fixture: Case): [Doc, Doc, string] {
  if (fixture.request) return [withSchemas(fixture.request[0], {}), withSchemas(fixture.request[1], {}), requestAt];
  if (fixture.response) return [withSchemas({}, fixture.response[0]), withSchemas({}, fixture.response[1]), responseAt];
  return [contract(fixture.base), contract(fixture.revision), ''];
}

describe('contract diff rules', () => {
  it('has a fixture pair for every rule, and at least 25 rules', () => {
    expect(Object.keys(rules).length).to.be.at.least(25);
    expect(fixtures.cases.map((fixture) => fixture.rule)).to.have.members(Object.keys(rules));
  });

  for (const fixture of fixtures.cases) {
    it(`classifies ${fixture.rule} as ${rules[fixture.rule as keyof typeof rules]?.kind}`, () => {
      const [base, revision, root] = pairOf(fixture);
      const found = diffContracts(base, revision).map((change) => [change.rule, change.pointer]);
      expect(found).to.have.deep.members(fixture.expect.map(([rule, pointer]) => [rule, `${root}${pointer}`]));
      expect(diffContracts(base, base), 'a contract against itself').to.deep.equal([]);
    });
  }
});

describe('contract diff: one meaning written another way', () => {
  const unchanged = (request: [unknown, unknown], why: string) =>
    it(why, () => {
      expect(diffContracts(withSchemas(request[0], request[0]), withSchemas(request[1], request[1]))).to.deep.equal([]);
    });

  unchanged(
    [
      { type: 'object', properties: { state: false } },
      { type: 'object', properties: { state: { not: {} } } },
    ],
    'reads false and not: {} alike',
  );
  unchanged(
    [
      { type: ['string', 'number', 'object', 'null'], maxLength: 5, maxProperties: 2 },
      {
        anyOf: [
          { type: 'string', maxLength: 5 },
          { type: 'number' },
          { type: 'object', maxProperties: 2 },
          { type: 'null' },
        ],
      },
    ],
    'reads a type list with type-specific keywords as the anyOf of one schema per type',
  );
  unchanged(
    [
      { type: ['string', 'null'], enum: ['dns', 'timeout', null] },
      { anyOf: [{ type: 'string', enum: ['dns', 'timeout'] }, { type: 'null' }] },
    ],
    'reads an enum holding null as the anyOf of the enum and null (DECISIONS 464)',
  );
  unchanged(
    [
      { type: 'string', pattern: '^\\d{4}-[\\d.]+$' },
      { type: 'string', pattern: '^[0-9]{4}-[0-9.]+$' },
    ],
    'reads \\d as [0-9], as ECMA-262 does',
  );
  unchanged(
    [
      { type: 'string', description: 'a', title: 'A', examples: ['x'], 'x-note': 1 },
      { type: 'string', description: 'b', title: 'B', examples: ['y'] },
    ],
    'leaves out documentation: descriptions, titles, examples and extensions',
  );
  it('still sees a narrower anyOf alternative of a rewritten type list', () => {
    const changes = diffContracts(
      withSchemas({ type: ['string', 'null'], maxLength: 5 }, {}),
      withSchemas({ anyOf: [{ type: 'string', maxLength: 4 }, { type: 'null' }] }, {}),
    );
    expect(changes.map((change) => change.rule)).to.deep.equal(['request-bound-tightened']);
  });
});

describe('contract diff: a narrowing that states what the base refused (DECISIONS 447)', () => {
  const described = 'Where deliveries go: an absolute URL whose host resolves.';
  const url = (pattern: string, info: Doc = {}) =>
    contract({
      info: { title: 'fixture', version: '1.0.0', ...info },
      components: { schemas: { Url: { type: 'string', description: described, pattern } } },
      paths: {
        '/hooks': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Url' } } } },
            responses: { 204: { description: 'done' } },
          },
        },
        '/hooks/{id}': {
          patch: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Url' } } } },
            responses: { 204: { description: 'done' } },
          },
        },
      },
    });
  const refusal = (was: string, documented = ['whose host resolves']) => ({
    'x-stated-refusals': [{ at: '#/components/schemas/Url/pattern', was, documented }],
  });
  const rulesOf = (base: Doc, revision: Doc) =>
    diffContracts(base, revision).map((change) => [change.operation, change.rule]);

  it('calls it compatible in every operation that sends the schema, naming what the base said', () => {
    const changes = diffContracts(url('^https?://'), url('^https?://[^/?#]', refusal('^https?://')));
    expect(changes.map((change) => [change.operation, change.rule, change.kind])).to.deep.equal([
      ['POST /hooks', 'request-refusal-stated', 'compatible'],
      ['PATCH /hooks/{id}', 'request-refusal-stated', 'compatible'],
    ]);
    expect(changes[0]!.detail).to.equal(
      'request-pattern-changed "^https?://" → "^https?://[^/?#]", which the base refused: "whose host resolves"',
    );
  });

  it('holds only where the base has the value it names and the sentences it quotes', () => {
    const narrower = (info: Doc) => url('^https?://[^/?#]', info);
    // The base says nothing of the kind.
    expect(rulesOf(url('^https?://'), narrower(refusal('^https?://', ['a host is required'])))).to.deep.equal([
      ['POST /hooks', 'request-pattern-changed'],
      ['PATCH /hooks/{id}', 'request-pattern-changed'],
    ]);
    // A later release already states it: the entry is history, and a further narrowing breaks clients.
    const released = url('^https?://[^/?#]');
    expect(rulesOf(released, url('^https://[^/?#]', refusal('^https?://')))).to.deep.equal([
      ['POST /hooks', 'request-pattern-changed'],
      ['PATCH /hooks/{id}', 'request-pattern-changed'],
    ]);
  });

  it('finds the place inside a list, so an entry for an inline parameter holds no more once released', () => {
    const filter = (pattern: string | undefined, info: Doc = {}) =>
      contract({
        info: { title: 'fixture', version: '1.0.0', ...info },
        paths: {
          '/events': {
            get: {
              parameters: [
                {
                  name: 'types',
                  in: 'query',
                  description: 'An unknown type is 400.',
                  schema: { type: 'string', pattern },
                },
              ],
              responses: { 200: { description: 'ok' } },
            },
          },
        },
      });
    const entry = {
      'x-stated-refusals': [
        { at: '#/paths/~1events/get/parameters/0/schema/pattern', documented: ['An unknown type is 400'] },
      ],
    };
    expect(rulesOf(filter(undefined), filter('^[a-z.]+$', entry))).to.deep.equal([
      ['GET /events', 'request-refusal-stated'],
    ]);
    expect(rulesOf(filter('^[a-z.]+$'), filter('^[a-z]+$', entry))).to.deep.equal([
      ['GET /events', 'request-pattern-changed'],
    ]);
  });

  it('leaves changes elsewhere as their rules say', () => {
    const base = url('^https?://');
    const revision = url('^https?://[^/?#]', refusal('^https?://'));
    (revision.components as { schemas: Record<string, Doc> }).schemas.Url!.maxLength = 10;
    expect(rulesOf(base, revision)).to.have.deep.members([
      ['POST /hooks', 'request-refusal-stated'],
      ['PATCH /hooks/{id}', 'request-refusal-stated'],
      ['POST /hooks', 'request-bound-tightened'],
      ['PATCH /hooks/{id}', 'request-bound-tightened'],
    ]);
  });
});

describe('contract diff on the real spec', () => {
  const spec = () =>
    structuredClone(loadDocument()) as unknown as Doc & { components: { schemas: Record<string, Doc> } };
  const rulesOf = (revision: Doc) => new Set(diffContracts(loadDocument(), revision).map((change) => change.rule));

  it('finds nothing between the spec and itself', () => {
    expect(diffContracts(loadDocument(), spec())).to.deep.equal([]);
  });

  it('finds planted breaking changes where a client meets them', () => {
    const revision = spec();
    const schemas = revision.components.schemas;
    delete (revision.paths as Doc)['/locations'];
    (schemas.ProductCreate!.required as string[]).push('sku');
    // A new event type, on EventType and on the envelope, which lists its values.
    (schemas.EventType!.enum as string[]).push('dock.closed');
    ((schemas.EventEnvelope!.properties as Record<string, Doc>).type!.enum as string[]).push('dock.closed');
    (schemas.Product!.properties as Record<string, Doc>).name!.type = ['string', 'null'];
    const changes = diffContracts(loadDocument(), revision);
    expect(requiredBump(changes)).to.equal('major');
    const where = (rule: string) => changes.filter((change) => change.rule === rule).map((change) => change.operation);
    expect(where('path-removed')).to.deep.equal([undefined]);
    expect(where('request-property-became-required')).to.include('POST /products');
    expect(where('response-enum-widened')).to.include.members(['GET /events', 'webhook event']);
    expect(where('response-type-widened')).to.include('GET /products');
    // A company's type is sent in creates and filters and read in answers: a new one breaks only the reading.
    (schemas.CompanyType!.enum as string[]).push('broker');
    const again = diffContracts(loadDocument(), revision);
    const pointers = (rule: string) => again.filter((change) => change.rule === rule).map((change) => change.pointer);
    expect(pointers('request-enum-widened')).to.include(
      '/paths/~1companies/post/requestBody/content/application~1json/schema/properties/company/allOf/1/properties/company_type/enum',
    );
    expect(pointers('request-enum-widened')).to.satisfy((all: string[]) =>
      all.every((pointer) => /\/(requestBody|parameters)\//.test(pointer)),
    );
    expect(pointers('response-enum-widened')).to.include(
      '/paths/~1companies/get/responses/200/content/application~1json/schema/items/properties/company_type/enum',
    );
    expect(pointers('response-enum-widened')).to.satisfy((all: string[]) =>
      all.every((pointer) => pointer.includes('/responses/') || pointer.startsWith('/webhooks/')),
    );
  });

  it('finds planted compatible changes, and asks for a minor release', () => {
    const revision = spec();
    const create = (revision.components.schemas.ProductCreate!.properties as Record<string, Doc>).name!;
    create.maxLength = 1000;
    (revision.paths as Record<string, Doc>)['/docks'] = { get: { responses: { 200: { description: 'docks' } } } };
    const changes = diffContracts(loadDocument(), revision);
    expect(rulesOf(revision)).to.have.keys('request-bound-relaxed', 'operation-added');
    expect(changes.every((change) => change.kind === 'compatible')).to.equal(true);
    expect(requiredBump(changes)).to.equal('minor');
  });
});
