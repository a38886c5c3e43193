// The parsed OpenAPI document and an index of its operations. The server builds its
// router and request validation from this, and the conformance suite its response
// checks, so the YAML file stays the one source of truth at run time too.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export const httpMethods: readonly HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

export type JsonSchema = Record<string, unknown>;

export interface ParameterSpec {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface ResponseSpec {
  description: string;
  headers: Record<string, { required?: boolean; schema: JsonSchema }>;
  schema?: JsonSchema;
}

export interface OperationSpec {
  operationId: string;
  method: HttpMethod;
  /** The path template as written in the spec, e.g. `/products/{id}`. */
  path: string;
  tags: string[];
  parameters: ParameterSpec[];
  requestBodySchema?: JsonSchema;
  responses: Record<string, ResponseSpec>;
  /** Whether the operation exists on the organization interface (false for location-only paths). */
  onOrganizationInterface: boolean;
}

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: Record<string, Record<string, unknown>>;
}

/** `openapi.yaml` at the package's root, two folders above this module in `dist/src/`. */
export const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

let cached: OpenApiDocument | undefined;

export function loadDocument(): OpenApiDocument {
  cached ??= parse(readFileSync(specPath, 'utf8'), { maxAliasCount: -1 }) as OpenApiDocument;
  return cached;
}

/** Resolves a local `$ref` such as `#/components/parameters/Page`. */
export function resolveRef<T>(document: OpenApiDocument, value: unknown): T {
  let current = value as Record<string, unknown>;
  while (current && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], document) as Record<string, unknown>;
    if (current === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return current as T;
}

function jsonSchemaOf(content: unknown): JsonSchema | undefined {
  return (content as Record<string, { schema?: JsonSchema }> | undefined)?.['application/json']?.schema;
}

export function listOperations(document: OpenApiDocument = loadDocument()): OperationSpec[] {
  const operations: OperationSpec[] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    const pathServers = pathItem.servers as { url: string }[] | undefined;
    const onOrganizationInterface = !pathServers || pathServers.some((s) => s.url.startsWith('{base_url}'));
    const shared = (pathItem.parameters as unknown[] | undefined) ?? [];
    for (const method of httpMethods) {
      const op = pathItem[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const own = (op.parameters as unknown[] | undefined) ?? [];
      const byKey = new Map<string, ParameterSpec>();
      for (const raw of [...shared, ...own]) {
        const parameter = resolveRef<ParameterSpec>(document, raw);
        byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBody = op.requestBody ? resolveRef<{ content: unknown }>(document, op.requestBody) : undefined;
      const responses: Record<string, ResponseSpec> = {};
      for (const [status, raw] of Object.entries(op.responses as Record<string, unknown>)) {
        const response = resolveRef<{ description: string; headers?: Record<string, unknown>; content?: unknown }>(
          document,
          raw,
        );
        const headers: ResponseSpec['headers'] = {};
        for (const [name, header] of Object.entries(response.headers ?? {})) {
          headers[name] = resolveRef(document, header);
        }
        responses[status] = { description: response.description, headers, schema: jsonSchemaOf(response.content) };
      }
      operations.push({
        operationId: op.operationId as string,
        method,
        path,
        tags: (op.tags as string[] | undefined) ?? [],
        parameters: [...byKey.values()],
        requestBodySchema: requestBody ? jsonSchemaOf(requestBody.content) : undefined,
        responses,
        onOrganizationInterface,
      });
    }
  }
  return operations;
}

export interface OperationMatch {
  operation: OperationSpec;
  pathParams: Record<string, string>;
}

/** A path segment decoded, or as it is when its escapes are malformed (`%E0%A4`). */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Finds the operation for a method and a path relative to `/api/v1`. Literal segments win
 * over templated ones, so `/purchase_orders/with_booked_appointments` is never read as an id.
 */
export function createOperationMatcher(operations: OperationSpec[] = listOperations()) {
  const compiled = operations
    .map((operation) => {
      const names: string[] = [];
      const pattern = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { operation, names, regex: new RegExp(`^${pattern}/?$`) };
    })
    .sort((a, b) => a.names.length - b.names.length);

  return {
    match(method: string, path: string): OperationMatch | undefined {
      // The path decides the template first, whatever the method, so a literal path never
      // falls through to a templated one for a method it lacks.
      const template = compiled.find(({ regex }) => regex.test(path))?.operation.path;
      const entry = compiled.find(
        ({ operation }) => operation.path === template && operation.method === method.toLowerCase(),
      );
      if (!entry) return undefined;
      const found = entry.regex.exec(path)!;
      const pathParams = Object.fromEntries(entry.names.map((name, i) => [name, safeDecode(found[i + 1] ?? '')]));
      return { operation: entry.operation, pathParams };
    },
    /** The spec's path template that best matches `path`, e.g. `/products/{id}` for `/products/7`. */
    pathTemplate(path: string): string | undefined {
      return compiled.find(({ regex }) => regex.test(path))?.operation.path;
    },
    /**
     * The methods that template offers, for `Allow` headers on 405: those whose operation has
     * a success response (an operation documented only for its refusal is not offered).
     */
    allowedMethods(path: string): HttpMethod[] {
      const template = this.pathTemplate(path);
      return compiled
        .filter(({ operation }) => operation.path === template)
        .filter(({ operation }) => Object.keys(operation.responses).some((status) => status.startsWith('2')))
        .map(({ operation }) => operation.method);
    },
  };
}
