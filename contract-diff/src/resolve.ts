// Local `$ref`s followed the way OpenAPI 3.1 reads them, and the schema forms that mean the same
// written one way, so that rewriting a schema for other tools is no change at all.

export type Node = Record<string, unknown>;

/** The node a local `$ref` names; a sibling keyword of `$ref` (a description, say) is kept over the target's. */
export function resolve(document: unknown, value: unknown): { node: unknown; refs: string[] } {
  const refs: string[] = [];
  let current = value;
  while (isNode(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (refs.includes(ref) || refs.length > 32) throw new Error(`$ref ${ref} refers to itself`);
    refs.push(ref);
    const { $ref: _, ...siblings } = current;
    const target = lookUp(document, ref);
    current = isNode(target) && Object.keys(siblings).length ? { ...target, ...siblings } : target;
  }
  return { node: current, refs };
}

export function lookUp(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) throw new Error(`only local $refs can be compared, got ${ref}`);
  let node = document;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = /^(0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined;
    else node = isNode(node) && Object.hasOwn(node, key) ? node[key] : undefined;
  }
  if (node === undefined) throw new Error(`$ref ${ref} names nothing in the document`);
  return node;
}

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keywords that describe a value without constraining it. */
const annotations = new Set([
  'title',
  'description',
  'summary',
  'examples',
  'example',
  '$comment',
  'deprecated',
  'externalDocs',
  'xml',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
]);

export function isAnnotation(keyword: string): boolean {
  return annotations.has(keyword) || keyword.startsWith('x-');
}

/** `true` and `{}` accept anything; `false` and `{ not: {} }` nothing. */
export function schemaOf(value: unknown): Node {
  if (value === true || value === undefined) return {};
  if (value === false) return { not: {} };
  return isNode(value) ? value : {};
}

/** Whether a schema accepts no value at all: `false`, or `not` of a schema that accepts anything. */
export function acceptsNothing(schema: Node): boolean {
  return isNode(schema.not) && constraints(schema.not).length === 0;
}

/** The keywords of a schema that constrain values. */
export function constraints(schema: Node): string[] {
  return Object.keys(schema).filter((keyword) => !isAnnotation(keyword));
}

export function same(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (isNode(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * A pattern as ECMA-262 and JSON Schema read it, with `\d` written `[0-9]` (which it means
 * without the `u` flag), so that spelling it out for tools that read `\d` as any Unicode digit
 * is no change.
 */
export function normalPattern(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      const next = pattern[i + 1] ?? '';
      out += next === 'd' ? (inClass ? '0-9' : '[0-9]') : `\\${next}`;
      i++;
    } else {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      out += char;
    }
  }
  return out;
}
