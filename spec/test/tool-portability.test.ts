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
      'uniqueness',
      'states',
      'etags',
      'idempotency',
      'location-selection',
    ]);
    expect(new Set(rules.map((rule) => rule.id)).size).to.equal(rules.length);
    for (const rule of rules) {
      expect(rule.rule.length, rule.id).to.be.greaterThan(40);
      for (const number of rule.decisions)
        expect(decisions, `${rule.id} cites DECISIONS ${number}`).to.match(new RegExp(`^${number}\\. \\*\\*`, 'm'));
    }
  });
});
