// Values for the fuzzer: arbitraries derived from the spec's JSON schemas (valid values and
// values at and just past each bound), and hostile values that no schema allows.
import { type JsonSchema, loadDocument, resolveRef } from '@warehouse-kit/spec/document';
import fc from 'fast-check';

const document = loadDocument();

/** Values that break numbers, dates, keys, depth and text handling. */
export const hostileScalars: unknown[] = [
  '1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x10',
  ' 7',
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '9'.repeat(100),
  -1,
  0,
  1e21,
  2 ** 31,
  2 ** 53,
  -(2 ** 53),
  1.5,
  1e308,
  true,
  null,
  'x'.repeat(5000),
  '0000-01-01T00:00:00Z',
  '2025-13-01T00:00:00',
  '2025-02-30T10:00:00',
  '9999-12-31T23:59:59-12:00',
  '0000-01-01',
  '9999-12-31',
  '🚚 dock ✓',
  '\ud800',
  '<script>',
  "'; drop table products; --",
  '%s%n',
  '../../etc/passwd',
];

/** Objects whose keys are prototype names, as own properties (an object literal's `__proto__` would not be). */
export const hostileObjects: unknown[] = [
  Object.fromEntries([['__proto__', { polluted: true }]]),
  Object.fromEntries([['constructor', { prototype: { polluted: true } }]]),
  Object.fromEntries([
    ['toString', 1],
    ['hasOwnProperty', 'x'],
    ['valueOf', null],
  ]),
  {},
  [],
  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
];

export const hostile = fc.constantFrom(...hostileScalars, ...hostileObjects);

/** Keys no schema allows: ones PostgreSQL cannot store (NUL, unpaired surrogates), which a 422 names, and prototype names. */
export const hostileKeys = ['x\u0000', '\u0000', 'x\ud800', '\udc00', '__proto__', 'constructor'];

/** Values that fit a property by name, so that requests reach the rules behind the schema. */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const exclusive = new WeakSet<fc.Arbitrary<unknown>>();

/**
 * A hint the property always takes, instead of mostly: the conformance suite names every record
 * with its run's prefix this way, and never lets an order's item name a customer to create.
 */
export function only<T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> {
  exclusive.add(arbitrary);
  return arbitrary;
}

const FORBIDDEN = { not: {} };

/** `not: {}`, the schema that admits no value (DECISIONS 355). */
function forbidden(schema: unknown): boolean {
  const not = (schema as JsonSchema | undefined)?.not;
  return typeof not === 'object' && not !== null && Object.keys(not).length === 0;
}

function merged(schema: JsonSchema): JsonSchema {
  const parts = ((schema.allOf as unknown[] | undefined) ?? []).map((part) =>
    merged(resolveRef<JsonSchema>(document, part)),
  );
  if (parts.length === 0) return schema;
  // A property named in several branches must meet each (a create's branch only narrows the
  // record's field); `not: {}` forbids it whatever the others say.
  const properties: Record<string, unknown> = {};
  for (const part of [...parts, schema])
    for (const [name, inner] of Object.entries((part.properties as Record<string, unknown> | undefined) ?? {})) {
      const before = properties[name];
      properties[name] =
        before === undefined
          ? inner
          : forbidden(before) || forbidden(inner)
            ? FORBIDDEN
            : { ...resolveRef<JsonSchema>(document, before), ...resolveRef<JsonSchema>(document, inner) };
    }
  const required = [...parts.flatMap((p) => (p.required as string[]) ?? []), ...((schema.required as string[]) ?? [])];
  return { ...schema, type: 'object', properties, required };
}

function bounded(low: number, high: number, integer: boolean): fc.Arbitrary<number> {
  const edges = [low, high, integer ? low - 1 : low - 0.5, integer ? high + 1 : high + 0.5];
  const inner = integer ? fc.integer({ min: low, max: high }) : fc.double({ min: low, max: high, noNaN: true });
  return fc.oneof({ arbitrary: inner, weight: 4 }, { arbitrary: fc.constantFrom(...edges), weight: 1 });
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const max = (schema.maxLength as number | undefined) ?? 50;
  const min = (schema.minLength as number | undefined) ?? 0;
  if (typeof schema.pattern === 'string') {
    const matching = fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= max);
    const examples = (schema.examples as string[] | undefined) ?? [];
    return examples.length ? fc.oneof(matching, fc.constantFrom(...examples)) : matching;
  }
  return fc.oneof(
    { arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, 30) }), weight: 6 },
    { arbitrary: fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1)), weight: 1 },
  );
}

/** An arbitrary for a schema: mostly valid values, with the edges of every bound. */
export function fromSchema(raw: unknown, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  const schema = merged(resolveRef<JsonSchema>(document, raw ?? {}));
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  // One alternative per type (DECISIONS 355): a value of any of them.
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((inner) => fromSchema(inner, hints, depth)));
  const types = [schema.type ?? (schema.properties ? 'object' : 'string')].flat() as string[];
  const options = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        const low = (schema.minimum ?? schema.exclusiveMinimum ?? -1000) as number;
        const high = (schema.maximum ?? schema.exclusiveMaximum ?? 1000) as number;
        return bounded(low, high, type === 'integer');
      }
      case 'array':
        return depth > 4
          ? fc.constant([])
          : fc.array(fromSchema(schema.items, hints, depth + 1), {
              maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
            });
      case 'object':
        return objectFor(schema, hints, depth);
      default:
        return stringFor(schema);
    }
  });
  return options.length === 1 ? options[0]! : fc.oneof(...options);
}

function objectFor(schema: JsonSchema, hints: Hints, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties as Record<string, unknown> | undefined) ?? {};
  if (Object.keys(properties).length === 0) {
    if (depth > 4 || !schema.additionalProperties || schema.additionalProperties === true) return fc.constant({});
    return fc.dictionary(
      fc.string({ minLength: 1, maxLength: 10 }),
      fromSchema(schema.additionalProperties, hints, depth + 1),
      {
        maxKeys: 3,
      },
    );
  }
  const record = Object.fromEntries(
    Object.entries(properties)
      .filter(([, inner]) => !forbidden(inner))
      .map(([name, inner]) => {
        const own = fromSchema(inner, hints, depth + 1);
        const hint = hints[name];
        if (hint && exclusive.has(hint)) return [name, hint];
        return [name, hint ? fc.oneof({ arbitrary: hint, weight: 3 }, { arbitrary: own, weight: 1 }) : own];
      }),
  );
  return fc.record(record, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
}

/** Replaces one value somewhere inside `value` (or `value` itself) with a hostile one. */
export function poisoned(value: unknown, replacement: unknown, choice: number): unknown {
  if (!value || typeof value !== 'object' || choice % 3 === 0) return replacement;
  const entries = Object.entries(value);
  if (entries.length === 0) return replacement;
  const [key, inner] = entries[choice % entries.length]!;
  const copy = Array.isArray(value) ? [...value] : Object.fromEntries(entries);
  // Defined, not assigned: the key may be `__proto__`.
  Object.defineProperty(copy, key, {
    value: poisoned(inner, replacement, Math.floor(choice / 3)),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Adds `key` to an object somewhere inside `value` (often the record itself), defined, not assigned. */
export function withKey(value: unknown, key: string, choice: number): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const nested = entries.filter(([, inner]) => inner !== null && typeof inner === 'object');
  const here = !Array.isArray(value) && (nested.length === 0 || choice % 2 === 1);
  if (!here && nested.length === 0) return value;
  const copy = Array.isArray(value) ? [...value] : Object.fromEntries(entries);
  const [name, inner] = here ? [key, 1] : nested[choice % nested.length]!;
  Object.defineProperty(copy, name, {
    value: here ? inner : withKey(inner, key, Math.floor(choice / 2)),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
