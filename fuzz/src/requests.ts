// Requests for the fuzzer, from the spec's operations: any operation on either interface,
// with parameters, bodies and headers that are valid, at their bounds or hostile: keys
// PostgreSQL cannot store among them, and the header parameters the spec documents
// (Idempotency-Key, If-Match, If-None-Match) at and past their lengths.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { listOperations, type OperationSpec } from '@warehouse-kit/spec/document';
import fc from 'fast-check';
import { fromSchema, type Hints, hostile, hostileKeys, poisoned, withKey } from './values.js';

export interface FuzzRequest {
  operationId: string;
  method: string;
  host: string;
  /** Path and query string, from `/api/v1`. */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** What the campaign's world offers: addresses, tokens and records that exist. */
export interface FuzzTargets {
  hosts: string[];
  tokens: string[];
  ids: number[];
  hints: Hints;
  /** The operations to aim at, by operationId; every operation of the spec when absent. */
  operations?: string[];
  /** Ids for a path template's `{id}` instead of `ids`, so that a write reaches only records of that kind. */
  idsByPath?: Record<string, number[]>;
  /** Ids no record has, instead of the built-in ones (which include `1e3` and 2^31 - 1). */
  hostileIds?: string[];
}

const otherMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const hostileQueryValues = ['1e309', 'Infinity', 'NaN', '0x10', ' 7', '', '  ', '-1', '9'.repeat(40), '%00', '\u0000'];
const hostileIds = ['0', '-1', '2147483647', '2147483648', '9007199254740991', '9007199254740992', 'Infinity', '1e3'];
/** Header values past the documented lengths (Idempotency-Key 255, If-Match 4096) or with a meaning of their own. */
const hostileHeaderValues = ['k'.repeat(256), `"1", "${'x'.repeat(4094)}"`, '*', 'W/"1"', '"1"', '', ' '];

function authorization(targets: FuzzTargets): fc.Arbitrary<string | undefined> {
  const token = fc.constantFrom(...targets.tokens);
  // Cross-shrinking lets a failing request shrink to the well-spelt header, the first choice.
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: token.map((t) => `Token ${t}`), weight: 12 },
    { arbitrary: fc.constant(undefined), weight: 1 },
    { arbitrary: token.map((t) => `token ${t}`), weight: 1 },
    { arbitrary: token.map((t) => `Token  ${t}`), weight: 1 },
    { arbitrary: token.map((t) => `Bearer ${t}`), weight: 1 },
    { arbitrary: fc.string({ maxLength: 40 }).map((s) => `Token ${s}`), weight: 1 },
  );
}

/** A body as bytes, mostly JSON of the value, sometimes compressed, broken or oversized. */
function encodedBody(): fc.Arbitrary<(json: string) => { body: Buffer; headers: Record<string, string> }> {
  const json = { 'content-type': 'application/json' };
  return fc.constantFrom(
    ...Array(12).fill((text: string) => ({ body: Buffer.from(text), headers: json })),
    (text: string) => ({ body: gzipSync(text), headers: { ...json, 'content-encoding': 'gzip' } }),
    (text: string) => ({ body: brotliCompressSync(text), headers: { ...json, 'content-encoding': 'br' } }),
    (text: string) => ({ body: Buffer.from(text), headers: { ...json, 'content-encoding': 'gzip' } }),
    (text: string) => ({ body: Buffer.from(text), headers: { ...json, 'content-encoding': 'compress' } }),
    (text: string) => ({ body: Buffer.from(text), headers: { 'content-type': 'text/plain' } }),
    (text: string) => ({ body: Buffer.from(text.slice(0, -1)), headers: json }),
    (_: string) => ({ body: Buffer.from(`{"x": "${'y'.repeat(1_100_000)}"}`), headers: json }),
    (_: string) => ({ body: Buffer.from(`${'['.repeat(10_000)}${']'.repeat(10_000)}`), headers: json }),
  );
}

/** One parameter, sent or not: a value from its schema (valid or at a bound) or a hostile one. */
function optionalParameter(
  name: string,
  schema: unknown,
  hints: Hints,
  hostileValues: string[],
  validWeight: number,
): fc.Arbitrary<[string, string][]> {
  return fc
    .option(
      fc.oneof(
        { arbitrary: fromSchema(schema, hints).map((value) => String(value)), weight: validWeight },
        { arbitrary: fc.constantFrom(...hostileValues), weight: 1 },
      ),
      { freq: 2 },
    )
    .map((value) => (value === null ? [] : [[name, value]]));
}

function query(operation: OperationSpec, hints: Hints): fc.Arbitrary<[string, string][]> {
  const parameters = operation.parameters.filter((p) => p.in === 'query');
  return fc
    .tuple(
      ...parameters.map((p) => optionalParameter(p.name, p.schema, hints, hostileQueryValues, 5)),
      fc.option(fc.constant(['cache_buster', '1']), { freq: 8 }),
    )
    .map(([...parts]) => parts.flat().filter((entry): entry is [string, string] => Array.isArray(entry)));
}

/** The operation's documented header parameters, each sent or not, valid, at a bound or hostile. */
function headerParameters(operation: OperationSpec, hints: Hints): fc.Arbitrary<Record<string, string>> {
  const parameters = operation.parameters.filter((p) => p.in === 'header');
  if (parameters.length === 0) return fc.constant({});
  return fc
    .tuple(...parameters.map((p) => optionalParameter(p.name.toLowerCase(), p.schema, hints, hostileHeaderValues, 3)))
    .map((parts) => Object.fromEntries(parts.flat()));
}

function requestFor(operation: OperationSpec, targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const id = fc.oneof(
    { arbitrary: fc.constantFrom(...(targets.idsByPath?.[operation.path] ?? targets.ids)).map(String), weight: 6 },
    { arbitrary: fc.constantFrom(...(targets.hostileIds ?? hostileIds)), weight: 2 },
  );
  const body = operation.requestBodySchema
    ? fc.oneof(
        { arbitrary: fromSchema(operation.requestBodySchema, targets.hints), weight: 6 },
        {
          arbitrary: fc
            .tuple(fromSchema(operation.requestBodySchema, targets.hints), hostile, fc.nat())
            .map(([value, bad, choice]) => poisoned(value, bad, choice)),
          weight: 3,
        },
        {
          arbitrary: fc
            .tuple(fromSchema(operation.requestBodySchema, targets.hints), fc.constantFrom(...hostileKeys), fc.nat())
            .map(([value, key, choice]) => withKey(value, key, choice)),
          weight: 2,
        },
      )
    : fc.constant(undefined);
  return fc
    .record({
      host: fc.constantFrom(...targets.hosts),
      method: fc.oneof(
        { withCrossShrink: true },
        { arbitrary: fc.constant(operation.method.toUpperCase()), weight: 15 },
        { arbitrary: fc.constantFrom(...otherMethods), weight: 1 },
      ),
      id,
      query: query(operation, targets.hints),
      authorization: authorization(targets),
      documented: headerParameters(operation, targets.hints),
      body,
      encode: encodedBody(),
    })
    .map(({ host, method, id, query: entries, authorization: auth, documented, body: value, encode }) => {
      const path = operation.path.replace('{id}', encodeURIComponent(id));
      const search = new URLSearchParams(entries).toString();
      const headers: Record<string, string> = { ...documented, ...(auth === undefined ? {} : { authorization: auth }) };
      const encoded = value === undefined ? undefined : encode(JSON.stringify(value) ?? 'null');
      return {
        operationId: operation.operationId,
        method,
        host,
        target: `/api/v1${path}${search ? `?${search}` : ''}`,
        headers: { ...headers, ...encoded?.headers },
        body: encoded?.body,
      };
    });
}

/** Any operation of the spec (or of `targets.operations`), each equally likely. */
export function fuzzRequests(targets: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const chosen = listOperations().filter(
    (operation) => !targets.operations || targets.operations.includes(operation.operationId),
  );
  if (chosen.length === 0) throw new Error('no operation of the spec to fuzz');
  return fc.oneof(...chosen.map((operation) => requestFor(operation, targets)));
}

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** The request as a curl command line against `origin`. */
export function asCurl(request: FuzzRequest, origin: string): string {
  const headers = Object.entries({ host: request.host, ...request.headers }).map(
    ([name, value]) => `-H ${quote(`${name}: ${value}`)}`,
  );
  const line = ['curl -sS -i', `-X ${request.method}`, ...headers, quote(`${origin}${request.target}`)];
  if (!request.body) return line.join(' ');
  if (request.body.length > 2000 || !/^[\x20-\x7e]*$/.test(request.body.toString('latin1')))
    return `echo ${request.body.toString('base64')} | base64 -d | ${line.join(' ')} --data-binary @-`;
  return `${line.join(' ')} --data-binary ${quote(request.body.toString('latin1'))}`;
}
