// Checks a response against what the spec documents for its operation and status. The
// reference server runs it on every response in tests; the conformance suite runs it on
// every response of the deployment under test. Problems read "Received … / Documented …".
import type { ErrorObject, ValidateFunction } from 'ajv';
import { loadDocument, type OperationSpec } from './document.js';
import { createAjv, toAjvSchema } from './validators.js';

export interface ResponseProblem {
  /** Where the mismatch is: `status`, `header Total-Count`, or `body/0/location_name`. */
  where: string;
  received: string;
  documented: string;
}

export function formatProblem(problem: ResponseProblem): string {
  return `${problem.where}: Received ${problem.received} / Documented ${problem.documented}`;
}

export interface ResponseToCheck {
  status: number;
  header(name: string): string | null | undefined;
  /** The parsed JSON body; undefined when the response had none. */
  body: unknown;
}

function preview(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function valueAt(body: unknown, instancePath: string): unknown {
  return instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')],
      body,
    );
}

function schemaProblems(validate: ValidateFunction, value: unknown, where: string): ResponseProblem[] {
  if (validate(value)) return [];
  // The first mismatch is the one to act on; the rest are usually its consequences.
  const error = (validate.errors ?? [])[0] as ErrorObject;
  const path = error.instancePath;
  const missing = error.params.missingProperty as string | undefined;
  return [
    {
      where: `${where}${path}${missing ? `/${missing}` : ''}`,
      received: missing ? 'no such property' : preview(valueAt(value, path)),
      documented: `a value that ${error.message ?? 'matches the schema'}`,
    },
  ];
}

export function createResponseChecker() {
  const ajv = createAjv({ document: loadDocument() });
  const cache = new Map<string, ValidateFunction>();
  const compiled = (key: string, schema: unknown) => {
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(toAjvSchema(schema));
      cache.set(key, validate);
    }
    return validate;
  };
  const errorSchema = { $ref: '#/components/schemas/Error' };

  /**
   * `operation` is undefined for requests no operation documents; their errors (404, 405)
   * must still have the `{error}` shape.
   */
  return function check(operation: OperationSpec | undefined, response: ResponseToCheck): ResponseProblem[] {
    if (!operation) {
      if (response.status < 400)
        return [
          { where: 'status', received: String(response.status), documented: 'an error for an undocumented request' },
        ];
      return schemaProblems(compiled('error', errorSchema), response.body, 'body');
    }
    const documented = operation.responses[String(response.status)];
    if (!documented) {
      return [
        { where: 'status', received: String(response.status), documented: Object.keys(operation.responses).join(', ') },
      ];
    }
    const problems: ResponseProblem[] = [];
    for (const [name, header] of Object.entries(documented.headers)) {
      const raw = response.header(name);
      if (raw === null || raw === undefined) {
        if (header.required)
          problems.push({ where: `header ${name}`, received: 'no header', documented: 'a required header' });
        continue;
      }
      const isInteger = header.schema.type === 'integer';
      const value = isInteger && /^-?\d+$/.test(raw) ? Number(raw) : raw;
      problems.push(...schemaProblems(compiled(`header:${name}`, header.schema), value, `header ${name}`));
    }
    if (documented.schema) {
      const key = `${operation.operationId}:${response.status}`;
      problems.push(...schemaProblems(compiled(key, documented.schema), response.body, 'body'));
    } else if (response.body !== undefined && response.body !== '') {
      problems.push({ where: 'body', received: preview(response.body), documented: 'no body' });
    }
    return problems;
  };
}

export type ResponseChecker = ReturnType<typeof createResponseChecker>;
