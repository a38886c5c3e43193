// ajv instances that know every schema in `components/schemas`, compiled from the spec.
// OpenAPI 3.1 schemas are JSON Schema 2020-12, hence Ajv2020.
import type { ErrorObject } from 'ajv';
import { Ajv2020, type Options as AjvOptions } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { type JsonSchema, loadDocument, type OpenApiDocument } from './document.js';

const SCHEMAS_ID = 'urn:warehouse-api:schemas';

/** Points `#/components/schemas/X` references at the schema registry ajv holds. */
export function toAjvSchema(schema: unknown): JsonSchema {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${SCHEMAS_ID}#/$defs/`),
  ) as JsonSchema;
}

export type { Ajv2020 };

export function createAjv(options: AjvOptions & { document?: OpenApiDocument } = {}): Ajv2020 {
  const { document = loadDocument(), ...ajvOptions } = options;
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // `required` inside an `allOf` branch names properties declared in a sibling branch.
    strictRequired: false,
    allowUnionTypes: true,
    // NaN and Infinity are never numbers of the contract (JSON has neither).
    strictNumbers: true,
    ...ajvOptions,
  });
  // ajv-formats is CommonJS; under NodeNext its plugin function is the module's `.default`.
  ajvFormats.default(ajv);
  ajv.addSchema({ $id: SCHEMAS_ID, $defs: toAjvSchema(document.components.schemas) });
  return ajv;
}

/**
 * One line per problem in a YAML or JSON file checked against a schema, with its place in
 * the file: `organizations[0].locations[1] must have required property 'time_zone'`.
 */
export function describeSchemaError(error: ErrorObject): string {
  const where =
    error.instancePath
      .replace(/\/(\d+)/g, '[$1]')
      .replaceAll('/', '.')
      .replace(/^\./, '') || '(top level)';
  const { additionalProperty, allowedValues } = error.params as {
    additionalProperty?: unknown;
    allowedValues?: unknown[];
  };
  const detail = additionalProperty
    ? ` (${String(additionalProperty)})`
    : allowedValues
      ? ` (${allowedValues.map((value) => JSON.stringify(value)).join(', ')})`
      : '';
  return `${where} ${error.message ?? 'is invalid'}${detail}`;
}
