// Request validation compiled once from the spec: query and path parameters are coerced
// from strings and defaulted; bodies are checked as sent. Errors are sorted into the two
// kinds the API distinguishes (DECISIONS 5): a request that cannot be read (400) and a
// well-formed record that breaks a rule (422, keyed by field path).

import type { OperationSpec, ParameterSpec } from '@warehouse-kit/spec/document';
import { createAjv, toAjvSchema } from '@warehouse-kit/spec/validators';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FieldErrors } from '../domain/errors.js';
import { badRequest, type HttpError, ValidationFailed } from './errors.js';

export interface ValidatedRequest {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
}

export type RequestValidator = (raw: {
  query: Record<string, unknown>;
  path: Record<string, string>;
  body: unknown;
}) => ValidatedRequest;

/** Keywords whose failure means the value has the wrong type or format: 400, not 422. */
const malformedKeywords = new Set(['type', 'format', 'pattern']);

function parametersSchema(parameters: ParameterSpec[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, toAjvSchema(p.schema)])),
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}

/** What a value should look like, from the schema's first example when it has one. */
function formatHint(error: ErrorObject): string {
  const examples = (error.parentSchema as { examples?: unknown[] } | undefined)?.examples;
  if (error.keyword === 'pattern' && examples?.length) return `must look like ${String(examples[0])}`;
  if (error.keyword === 'format') return `must be a valid ${String(error.params.format)}`;
  return error.message ?? 'is invalid';
}

function describeParameterErrors(errors: ErrorObject[], where: string): string {
  return errors
    .map((error) => {
      const name = error.instancePath.slice(1) || String(error.params.missingProperty ?? '');
      return `${where} parameter ${name} ${formatHint(error)}`;
    })
    .join('; ');
}

/** `/purchase_order/purchase_order_items/1/quantity` → `purchase_order_items[1].quantity`. */
function fieldPath(segments: string[]): string {
  return segments.reduce((path, segment) => {
    if (/^\d+$/.test(segment)) return `${path}[${segment}]`;
    return path ? `${path}.${segment}` : segment;
  }, '');
}

function fieldOf(error: ErrorObject): string {
  const segments = error.instancePath
    .split('/')
    .slice(2)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const extra = error.params.missingProperty ?? error.params.additionalProperty ?? error.params.unevaluatedProperty;
  if (extra !== undefined) segments.push(String(extra));
  return fieldPath(segments) || 'base';
}

function ruleMessage(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not a known attribute';
    case 'false schema':
      return 'is not allowed here';
    case 'minLength':
      return p.limit === 1 ? "can't be blank" : `is too short (at least ${String(p.limit)} characters)`;
    case 'maxLength':
      return `is too long (at most ${String(p.limit)} characters)`;
    case 'enum':
      return `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'maxItems':
      return `has too many entries (at most ${String(p.limit)})`;
    case 'minProperties':
      return 'must not be empty';
    default:
      return error.message ?? 'is invalid';
  }
}

function bodyError(errors: ErrorObject[], wrapper: string | undefined): HttpError {
  const relevant = errors.filter((error) => error.keyword !== 'oneOf' && error.keyword !== 'anyOf');
  const atRoot = relevant.some(
    (error) => error.instancePath === '' || (error.instancePath === `/${wrapper}` && error.keyword === 'type'),
  );
  if (atRoot || !wrapper) {
    return badRequest(`the body must be a JSON object holding a "${wrapper}" object (Content-Type: application/json)`);
  }
  const malformed = relevant.filter((error) => malformedKeywords.has(error.keyword));
  if (malformed.length > 0) {
    return badRequest(malformed.map((error) => `${wrapper}.${fieldOf(error)} ${formatHint(error)}`).join('; '));
  }
  const fields: FieldErrors = {};
  for (const error of relevant) {
    const field = fieldOf(error);
    const message = ruleMessage(error);
    const messages = fields[field] ?? [];
    if (!messages.includes(message)) fields[field] = [...messages, message];
  }
  return new ValidationFailed(fields);
}

/** The record wrapper key of a body schema, e.g. `product` for `{product: {...}}`. */
function wrapperOf(schema: Record<string, unknown> | undefined): string | undefined {
  return (schema?.required as string[] | undefined)?.[0];
}

/** PostgreSQL cannot store U+0000 in text, so a NUL anywhere in the input is refused up front. */
function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = findNul(inner, path ? `${path}.${key}` : key) ?? (key.includes('\u0000') ? path || key : undefined);
      if (found) return found;
    }
  }
  return undefined;
}

export function compileRequestValidators(operations: OperationSpec[]): Map<string, RequestValidator> {
  const coercing = createAjv({ coerceTypes: true, useDefaults: true });
  const strict = createAjv({ verbose: true });
  const validators = new Map<string, RequestValidator>();

  for (const operation of operations) {
    const queryParameters = operation.parameters.filter((p) => p.in === 'query');
    const pathParameters = operation.parameters.filter((p) => p.in === 'path');
    const queryNames = new Set(queryParameters.map((p) => p.name));
    const validateQuery: ValidateFunction = coercing.compile(parametersSchema(queryParameters));
    const validatePath: ValidateFunction = coercing.compile(parametersSchema(pathParameters));
    const validateBody = operation.requestBodySchema
      ? strict.compile(toAjvSchema(operation.requestBodySchema))
      : undefined;
    const wrapper = wrapperOf(operation.requestBodySchema);

    validators.set(operation.operationId, (raw) => {
      const nul = findNul({ query: raw.query, path: raw.path, body: raw.body }, '');
      if (nul) throw badRequest(`${nul} contains a NUL character (U+0000), which text cannot hold`);
      // Unknown query parameters are ignored (DECISIONS 7); a repeated one is malformed.
      const query = Object.fromEntries(Object.entries(raw.query).filter(([name]) => queryNames.has(name)));
      if (!validateQuery(query)) throw badRequest(describeParameterErrors(validateQuery.errors ?? [], 'query'));
      const path: Record<string, unknown> = { ...raw.path };
      if (!validatePath(path)) throw badRequest(describeParameterErrors(validatePath.errors ?? [], 'path'));
      if (validateBody && !validateBody(raw.body)) throw bodyError(validateBody.errors ?? [], wrapper);
      return { query, path, body: validateBody ? raw.body : undefined };
    });
  }
  return validators;
}
