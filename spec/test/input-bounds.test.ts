import { expect } from 'chai';
import { type JsonSchema, listOperations, loadDocument, resolveRef } from '../src/document.js';

const document = loadDocument();

/**
 * Every schema reachable from a request parameter or body, with the path it was reached by.
 * References are followed once each, so the recursive `JsonValue` ends the walk.
 */
function inputSchemas(): { where: string; schema: JsonSchema }[] {
  const found: { where: string; schema: JsonSchema }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, where: string): void => {
    if (!value || typeof value !== 'object') return;
    const schema = resolveRef<JsonSchema>(document, value);
    if (seen.has(schema)) return;
    seen.add(schema);
    found.push({ where, schema });
    for (const key of ['items', 'additionalProperties', 'propertyNames', 'then']) visit(schema[key], `${where}/${key}`);
    for (const key of ['allOf', 'oneOf', 'anyOf'])
      for (const [i, inner] of ((schema[key] as unknown[] | undefined) ?? []).entries())
        visit(inner, `${where}/${key}/${i}`);
    for (const [name, inner] of Object.entries((schema.properties as Record<string, unknown>) ?? {}))
      visit(inner, `${where}.${name}`);
  };
  for (const operation of listOperations()) {
    for (const parameter of operation.parameters) visit(parameter.schema, `${operation.operationId} ${parameter.name}`);
    visit(operation.requestBodySchema, `${operation.operationId} body`);
  }
  return found;
}

const types = (schema: JsonSchema) => [schema.type ?? []].flat() as string[];

describe('bounds on every input the spec accepts', () => {
  const inputs = inputSchemas();

  it('finds the inputs of every operation', () => {
    expect(inputs.length).to.be.greaterThan(60);
  });

  it('gives every string a maxLength, or a closed set of values', () => {
    const unbounded = inputs
      .filter(({ schema }) => types(schema).includes('string') && schema.enum === undefined)
      .filter(({ schema }) => typeof schema.maxLength !== 'number')
      .map(({ where }) => where);
    expect(unbounded).to.deep.equal([]);
  });

  it('gives every array a maxItems and every open object a maxProperties', () => {
    const arrays = inputs.filter(({ schema }) => types(schema).includes('array') && schema.maxItems === undefined);
    const maps = inputs.filter(
      ({ schema }) =>
        types(schema).includes('object') &&
        schema.additionalProperties !== undefined &&
        schema.additionalProperties !== false &&
        schema.maxProperties === undefined,
    );
    expect([...arrays, ...maps].map(({ where }) => where)).to.deep.equal([]);
  });

  it('gives every number and integer a minimum and a maximum a double holds exactly', () => {
    const loose = inputs
      .filter(({ schema }) => types(schema).some((type) => type === 'number' || type === 'integer'))
      // JSON custom values are any JSON, stored as sent; they are not numbers the server computes with.
      .filter(({ where }) => !where.includes('additionalProperties'))
      .filter(({ schema }) => {
        const low = (schema.minimum ?? schema.exclusiveMinimum) as number | undefined;
        const high = (schema.maximum ?? schema.exclusiveMaximum) as number | undefined;
        return low === undefined || high === undefined || Math.abs(high) > Number.MAX_SAFE_INTEGER;
      })
      .map(({ where }) => where);
    expect(loose).to.deep.equal([]);
  });

  it('keeps every page reachable within a bigint offset and within safe integers', () => {
    const parameters = document.components.parameters as Record<string, { schema: JsonSchema }>;
    const page = parameters.Page!.schema.maximum as number;
    const perPage = parameters.PerPage!.schema.maximum as number;
    expect((page - 1) * perPage).to.be.at.most(Number.MAX_SAFE_INTEGER);
  });
});
