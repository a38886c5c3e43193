// The contract as other tools read it (issue 23, item 6; DECISIONS 200-203): Prism's draft-07
// ajv, Schemathesis and YAML 1.1 parsers must understand it as our own validators do.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { isScalar, parseDocument, Scalar, visit } from 'yaml';
import { listOperations, loadDocument, resolveRef, specPath } from '../src/document.js';
import { createAjv, toAjvSchema } from '../src/validators.js';

const source = readFileSync(specPath, 'utf8');
const document = loadDocument();

/** Plain scalars a YAML 1.1 parser reads as booleans (yes/no/on/off/y/n in any usual case). */
const yaml11Boolean = /^(y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF)$/;

/** Every plain scalar, key or value, of a YAML text that a YAML 1.1 parser would read as a boolean. */
function yaml11Booleans(text: string): string[] {
  const found: string[] = [];
  const check = (node: unknown) => {
    if (isScalar(node) && node.type === Scalar.PLAIN && yaml11Boolean.test(String(node.source ?? node.value)))
      found.push(`${String(node.source ?? node.value)} at offset ${node.range?.[0]}`);
  };
  // Keys are scalars too: the visitor reaches them as it does values.
  visit(parseDocument(text), {
    Scalar: (_key, node) => {
      check(node);
    },
  });
  return found;
}

/** Every schema of the document with its place, `$ref`s not followed: components, parameters, bodies, answers. */
function schemas(node: unknown, at = '#', found: { at: string; schema: Record<string, unknown> }[] = []) {
  if (Array.isArray(node)) for (const [index, inner] of node.entries()) schemas(inner, `${at}/${index}`, found);
  else if (node && typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if ('type' in record || 'properties' in record || 'anyOf' in record || 'oneOf' in record || 'allOf' in record)
      found.push({ at, schema: record });
    for (const [key, inner] of Object.entries(record)) if (key !== 'examples') schemas(inner, `${at}/${key}`, found);
  }
  return found;
}

describe('the contract as other tools read it', () => {
  it('finds a YAML 1.1 boolean among plain scalars, and none in the spec', () => {
    expect(yaml11Booleans("region: ON\nquoted: 'ON'\nNo: 1\nflag: true\ncountry: NO\n")).to.have.length(3);
    expect(yaml11Booleans(source)).to.deep.equal([]);
  });

  it('declares no jsonSchemaDialect and no unevaluatedProperties, which draft-07 validators cannot honour', () => {
    expect(document).not.to.have.property('jsonSchemaDialect');
    expect(source).not.to.include('unevaluatedProperties');
  });

  it('closes every writable record with additionalProperties, so every validator refuses unknown fields', () => {
    const ajv = createAjv({ document, strict: false });
    for (const name of ['CompanyCreate', 'CompanyUpdate', 'AppointmentCreate', 'AppointmentUpdate']) {
      const validate = ajv.compile(toAjvSchema({ $ref: `#/components/schemas/${name}` }));
      expect(validate({ name: 'x', company_type: 'carrier', colour: 'red' }), name).to.equal(false);
    }
    for (const name of ['PurchaseOrderCreate', 'PurchaseOrderUpdate', 'BulkPurchaseOrderRow']) {
      const validate = ajv.compile(toAjvSchema({ $ref: `#/components/schemas/${name}` }));
      expect(validate({ po_number: 'PO-1', colour: 'red' }), name).to.equal(false);
      expect(validate({ po_number: 'PO-1', notes: 'n' }), name).to.equal(true);
    }
    const appointment = (name: string) => ajv.compile(toAjvSchema({ $ref: `#/components/schemas/${name}` }));
    expect(appointment('AppointmentCreate')({ state: 'booked' })).to.equal(false);
    expect(appointment('AppointmentUpdate')({ state: 'booked' })).to.equal(true);
  });

  it('accepts a blank value for every date and time query parameter, as the server does, and still refuses a wrong one', () => {
    const ajv = createAjv({ document });
    const timeParameters = listOperations()
      .flatMap((operation) => operation.parameters.map((parameter) => ({ operation, parameter })))
      .filter(({ parameter }) => parameter.in === 'query')
      .filter(({ parameter }) => /Date/.test(JSON.stringify(parameter.schema)));
    expect(timeParameters.length).to.be.greaterThan(8);
    for (const { operation, parameter } of timeParameters) {
      const validate = ajv.compile(toAjvSchema(parameter.schema));
      const where = `${operation.operationId} ${parameter.name}`;
      for (const blank of ['', ' ', '  \t']) expect(validate(blank), `${where} '${blank}'`).to.equal(true);
      expect(validate('2025-13-01'), where).to.equal(false);
    }
  });

  it('lists the rules only prose can say in one place, each tied to decisions that exist', () => {
    const decisions = readFileSync(fileURLToPath(new URL('../../DECISIONS.md', import.meta.url)), 'utf8');
    const rules = resolveRef<{ 'x-prose-rules': { id: string; rule: string; decisions: number[] }[] }>(
      document,
      document.info,
    )['x-prose-rules'];
    expect(rules.map((rule) => rule.id)).to.include.members([
      'real-dates',
      'blank-text',
      'uniqueness',
      'states',
      'location-selection',
      'nested-entries',
      'webhook-urls',
      'etags',
      'idempotency',
    ]);
    expect(new Set(rules.map((rule) => rule.id)).size).to.equal(rules.length);
    for (const rule of rules) {
      expect(rule.rule.length, rule.id).to.be.greaterThan(40);
      for (const number of rule.decisions)
        expect(decisions, `${rule.id} cites DECISIONS ${number}`).to.match(new RegExp(`^${number}\\. \\*\\*`, 'm'));
    }
  });

  describe('as the common generators read it (issue 35, DECISIONS 355)', () => {
    const all = schemas(document);

    it('writes no schema as false, on which orval and openapi-zod-client crash', () => {
      const members = ['properties', 'items', 'allOf', 'anyOf', 'oneOf', 'patternProperties'];
      const found = all.flatMap(({ at, schema }) =>
        members.flatMap((keyword) => {
          const inner = schema[keyword];
          const values = Array.isArray(inner)
            ? inner
            : inner && typeof inner === 'object'
              ? Object.values(inner)
              : [inner];
          return values.some((value) => value === false) ? [`${at}/${keyword}`] : [];
        }),
      );
      expect(found).to.deep.equal([]);
    });

    it('gives a type list one type besides null, so type-specific keywords belong to one type', () => {
      const lists = all.filter(({ schema }) => Array.isArray(schema.type));
      expect(lists.length, 'nullable fields').to.be.greaterThan(20);
      const mixed = lists.filter(
        ({ schema }) => (schema.type as string[]).filter((type) => type !== 'null').length > 1,
      );
      expect(mixed.map(({ at }) => at)).to.deep.equal([]);
    });

    it('defines every property an object schema requires', () => {
      const undefinedRequired = all.flatMap(({ at, schema }) =>
        schema.properties && Array.isArray(schema.required)
          ? (schema.required as string[])
              .filter((name) => !Object.hasOwn(schema.properties as object, name))
              .map((name) => `${at}: ${name}`)
          : [],
      );
      expect(undefinedRequired).to.deep.equal([]);
    });

    it('tells alternatives apart by a property with one enum value each, not by a const that generators drop', () => {
      const unions = all.filter(({ schema }) => Array.isArray(schema.oneOf));
      const dataUnions = unions
        .map(({ at, schema }) => ({
          at,
          alternatives: (schema.oneOf as unknown[]).map((alternative) =>
            resolveRef<Record<string, unknown>>(document, alternative),
          ),
        }))
        .filter(({ alternatives }) => alternatives.every((alternative) => alternative.properties));
      expect(dataUnions.length, 'the four event data unions').to.equal(4);
      for (const { at, alternatives } of dataUnions) {
        const tags = alternatives.map(
          (alternative) => (alternative.properties as Record<string, { enum?: unknown[]; const?: unknown }>).truncated,
        );
        expect(
          tags.map((tag) => tag?.enum),
          at,
        ).to.deep.equal([[false], [true]]);
        expect(
          tags.filter((tag) => tag?.const !== undefined),
          at,
        ).to.deep.equal([]);
      }
    });

    it('spells digits [0-9] in patterns, which \\d means in ECMA-262 but not in Python tools', () => {
      const patterns = all.filter(({ schema }) => typeof schema.pattern === 'string');
      expect(patterns.length).to.be.greaterThan(3);
      expect(patterns.filter(({ schema }) => String(schema.pattern).includes('\\d')).map(({ at }) => at)).to.deep.equal(
        [],
      );
    });

    it("lists EventType's values on the envelope's type, not a $ref that swagger-typescript-api intersected to never", () => {
      const schemas = (document as unknown as { components: { schemas: Record<string, Record<string, any>> } })
        .components.schemas;
      const type = schemas.EventEnvelope!.properties.type;
      expect(type).not.to.have.property('$ref');
      expect(type.enum).to.deep.equal(schemas.EventType!.enum);
    });

    it('titles each schema whose name shadows a JavaScript global with the name it takes in 2.0.0', () => {
      // The browser's globals besides Node's: a generated client runs in either.
      const globals = new Set([...Object.getOwnPropertyNames(globalThis), 'Location', 'Document', 'Window', 'Node']);
      const schemas = (document as unknown as { components: { schemas: Record<string, { title?: string }> } })
        .components.schemas;
      const shadowing = Object.keys(schemas).filter((name) => globals.has(name));
      expect(shadowing).to.deep.equal(['Error', 'Location', 'Event']);
      for (const name of shadowing) {
        const title = schemas[name]!.title;
        expect(title, name).to.be.a('string');
        expect(globals.has(title!), `${name}'s title ${title}`).to.equal(false);
        expect(schemas, `${name}'s title ${title}`).not.to.have.property(title!);
      }
    });

    it('names a concrete server first, for a default base URL, and gives server variables no description', () => {
      const servers = (document as unknown as { servers: { url: string; variables?: Record<string, object> }[] })
        .servers;
      // A host Node's resolver finds, unlike acme.localhost (DECISIONS 462).
      expect(servers[0]!.url).to.equal('http://localhost:3000/api/v1');
      expect(servers.slice(1).map((server) => server.url)).to.deep.equal([
        '{base_url}/api/v1',
        '{location_base_url}/api/v1',
      ]);
      for (const server of servers)
        for (const variable of Object.values(server.variables ?? {}))
          expect(variable).not.to.have.property('description');
    });
  });
});
