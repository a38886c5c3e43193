// Request validation compiled once from the spec. Query and path parameters are read strictly
// (integers in plain decimal digits, blank query values as absent) and defaulted; any problem
// with them, or with a header parameter the operation documents (If-Match's length, say:
// DECISIONS 153), is 400 naming it. A body that cannot be read as the operation's record (not
// an object, no record wrapper) is 400; every problem inside the record is 422, keyed by the
// field's path (DECISIONS 5 and 6, as amended by DECISIONS 57), text PostgreSQL cannot store
// included (DECISIONS 152).

import type { OperationSpec, ParameterSpec } from '@warehouse-kit/spec/document';
import { createAjv, toAjvSchema } from '@warehouse-kit/spec/validators';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { FieldErrorCollector } from '../domain/field-error-collector.js';
import { unstorableIn } from '../domain/text.js';
import { badRequest } from './errors.js';
import { byValueType } from './type-alternatives.js';
import { problemOf } from './validation-messages.js';

export interface ValidatedRequest {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
}

export type RequestValidator = (raw: {
  query: Record<string, unknown>;
  path: Record<string, string>;
  /** As Node gives them: names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}) => ValidatedRequest;

const NUL = '\u0000';
const decimalInteger = /^-?\d+$/;

function parametersSchema(parameters: ParameterSpec[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, toAjvSchema(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/**
 * The parameters the operation declares, read from the raw strings: unknown names are
 * ignored (DECISIONS 7), a blank query value counts as absent (DECISIONS 62), and integers
 * must be plain decimal digits, so `1e3`, `0x10`, `Infinity` or ` 7` never become numbers.
 */
function readParameters(raw: Record<string, unknown>, specs: ParameterSpec[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const value = raw[spec.name];
    if (value === undefined || (spec.in === 'query' && typeof value === 'string' && value.trim() === '')) continue;
    if (typeof value === 'string' && value.includes(NUL))
      throw badRequest(`${spec.in} parameter ${spec.name} contains a NUL character (U+0000), which text cannot hold`);
    if (spec.schema.type === 'integer' && typeof value === 'string') {
      if (!decimalInteger.test(value))
        throw badRequest(`${spec.in} parameter ${spec.name} must be a whole number written in decimal digits`);
      values[spec.name] = Number(value);
    } else values[spec.name] = value;
  }
  return values;
}

/** Keywords that only combine others; their inner errors say what is wrong. */
const combining = new Set(['oneOf', 'anyOf', 'propertyNames', 'if']);

function parameterError(errors: ErrorObject[], specs: ParameterSpec[]) {
  const where = (name: string) => specs.find((spec) => spec.name === name)?.in ?? 'query';
  const problems = errors
    .filter((error) => !combining.has(error.keyword))
    .map((error) => {
      const name = error.instancePath.slice(1) || String(error.params.missingProperty ?? '');
      const kind = where(name);
      return `${kind === 'header' ? 'header' : `${kind} parameter`} ${name} ${problemOf(error)}`;
    });
  // A blank-or-time parameter checks its length twice (DECISIONS 200): say it once.
  return badRequest([...new Set(problems)].join('; '));
}

/** The documented headers' values, keyed by the spec's names. */
function headerValues(headers: Record<string, string | string[] | undefined>, specs: ParameterSpec[]) {
  return Object.fromEntries(specs.map((spec) => [spec.name, headers[spec.name.toLowerCase()]]));
}

/** `purchase_order_items/1/quantity` → `purchase_order_items[1].quantity`. */
function fieldPath(segments: string[]): string {
  return segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path ? `${path}.${segment}` : segment;
  }, '');
}

/** The field an error is about, inside the record wrapper: `/purchase_order/notes` → `notes`. */
function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(2)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const extra =
    error.propertyName ??
    error.params.missingProperty ??
    error.params.additionalProperty ??
    error.params.unevaluatedProperty;
  if (extra !== undefined) segments.push(String(extra));
  return fieldPath(segments) || 'base';
}

/** Adds every string (and key) holding what PostgreSQL text cannot store under its field path. */
function collectUnstorable(value: unknown, segments: string[], errors: FieldErrorCollector): void {
  if (typeof value === 'string')
    for (const what of unstorableIn(value)) errors.add(fieldPath(segments) || 'base', `must not contain ${what}`);
  if (!value || typeof value !== 'object') return;
  for (const [key, inner] of Object.entries(value)) {
    for (const what of unstorableIn(key)) errors.add(fieldPath([...segments, key]), `key must not contain ${what}`);
    collectUnstorable(inner, [...segments, key], errors);
  }
}

function checkBody(validate: ValidateFunction, body: unknown, wrapper: string | undefined): void {
  const valid = validate(body);
  const errors = byValueType(validate.errors ?? []).filter((error) => !combining.has(error.keyword));
  const unreadable = errors.some(
    (error) => error.instancePath === '' || (error.instancePath === `/${wrapper}` && error.keyword === 'type'),
  );
  if (unreadable || !wrapper) {
    throw badRequest(`the body must be a JSON object holding a "${wrapper}" object (Content-Type: application/json)`);
  }
  const problems = new FieldErrorCollector();
  if (!valid) {
    for (const error of errors) {
      const problem = problemOf(error);
      problems.add(fieldOf(error), error.propertyName === undefined ? problem : `key ${problem}`);
    }
  }
  collectUnstorable((body as Record<string, unknown>)[wrapper], [], problems);
  problems.throwIfAny();
}

/** The record wrapper key of a body schema, e.g. `product` for `{product: {...}}`. */
function wrapperOf(schema: Record<string, unknown> | undefined): string | undefined {
  return (schema?.required as string[] | undefined)?.[0];
}

export function compileRequestValidators(operations: OperationSpec[]): Map<string, RequestValidator> {
  const parameters = createAjv({ useDefaults: true, verbose: true });
  const bodies = createAjv({ verbose: true });
  const validators = new Map<string, RequestValidator>();

  for (const operation of operations) {
    const querySpecs = operation.parameters.filter((p) => p.in === 'query');
    const pathSpecs = operation.parameters.filter((p) => p.in === 'path');
    const headerSpecs = operation.parameters.filter((p) => p.in === 'header');
    const validateQuery = parameters.compile(parametersSchema(querySpecs));
    const validatePath = parameters.compile(parametersSchema(pathSpecs));
    const validateHeaders = parameters.compile(parametersSchema(headerSpecs));
    const validateBody = operation.requestBodySchema
      ? bodies.compile(toAjvSchema(operation.requestBodySchema))
      : undefined;
    const wrapper = wrapperOf(operation.requestBodySchema);

    validators.set(operation.operationId, (raw) => {
      const query = readParameters(raw.query, querySpecs);
      if (!validateQuery(query)) throw parameterError(validateQuery.errors ?? [], querySpecs);
      const path = readParameters(raw.path, pathSpecs);
      if (!validatePath(path)) throw parameterError(validatePath.errors ?? [], pathSpecs);
      const headers = readParameters(headerValues(raw.headers, headerSpecs), headerSpecs);
      if (!validateHeaders(headers)) throw parameterError(validateHeaders.errors ?? [], headerSpecs);
      if (validateBody) checkBody(validateBody, raw.body, wrapper);
      return { query, path, body: validateBody ? raw.body : undefined };
    });
  }
  return validators;
}
