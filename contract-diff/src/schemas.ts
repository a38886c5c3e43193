// Two versions of a schema compared for the client that sends (request) or reads (response)
// its values: narrowing what a request may hold, or widening what a response may hold, breaks
// that client (DECISIONS 352). Every constraining keyword is compared; one no rule knows is a
// `schema-changed`, breaking, so that nothing slips through unclassified.
import { type ChangeLog, pointerOf, shown } from './change.js';
import { acceptsNothing, constraints, isNode, type Node, normalPattern, resolve, same, schemaOf } from './resolve.js';
import type { RuleId } from './rules.js';

export type Direction = 'request' | 'response';
type At = readonly (string | number)[];

export interface SchemaScope {
  log: ChangeLog;
  base: unknown;
  revision: unknown;
  direction: Direction;
  operation?: string;
  /** Where the schema compared first sits in the revision, as a `#/...` pointer, for stated refusals. */
  origin?: string;
}

const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'integer', 'string'];

/** The keywords that apply to values of one type, for splitting a `type` list into one schema per type. */
const typeKeywords: Record<string, string[]> = {
  string: ['minLength', 'maxLength', 'pattern', 'format'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'discriminator',
  ],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'],
};
typeKeywords.integer = typeKeywords.number!;
const typed = new Set(Object.values(typeKeywords).flat());

function typeOfValue(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

/** The types with few enough values that an enum may list them all: `null` and `boolean`. */
const everyValue: Record<string, unknown[]> = { null: [null], boolean: [true, false] };

/**
 * A schema for the values of one type of a `type` list: its keywords, and the enum values of
 * that type, left out when they are every value of it (`null` in `enum: [a, b, null]`).
 */
function branchFor(schema: Node, type: string): Node {
  const branch: Node = { type };
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'type' || (typed.has(keyword) && !typeKeywords[type]?.includes(keyword))) continue;
    if (keyword === 'enum' && Array.isArray(value)) {
      const values = value.filter((entry) => typeOfValue(entry).includes(type));
      if (!everyValue[type]?.every((entry) => values.includes(entry))) branch.enum = values;
    } else if (keyword === 'const' && !typeOfValue(value).includes(type)) branch.enum = [];
    else branch[keyword] = value;
  }
  return branch;
}

/**
 * One schema per type a schema admits, when it says so by its `type` (one or a list) or by an
 * `anyOf`/`oneOf` of alternatives each of one type of its own, which mean the same; an empty
 * map when it admits nothing; undefined for a schema typed otherwise (or not at all).
 */
function byType(schema: Node, document: unknown): Map<string, Node> | undefined {
  if (acceptsNothing(schema)) return new Map();
  if (typeof schema.type === 'string') return new Map([[schema.type, schema]]);
  if (Array.isArray(schema.type)) return new Map(schema.type.map((type: string) => [type, branchFor(schema, type)]));
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!Array.isArray(alternatives) || constraints(schema).length !== 1) return undefined;
  const resolved = alternatives.map((alternative) => schemaOf(resolve(document, alternative).node));
  const types = resolved.map((alternative) => alternative.type);
  if (!types.every((type) => typeof type === 'string') || new Set(types).size !== types.length) return undefined;
  return new Map(resolved.map((alternative) => [alternative.type as string, alternative]));
}

/** The branch of `types` that holds the values of `type`: itself, or `number` for `integer`. */
function counterpart(types: Map<string, Node>, type: string): Node | undefined {
  return types.get(type) ?? (type === 'integer' ? types.get('number') : undefined);
}

const upperBounds = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains'];
const lowerBounds = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains'];

/** Keywords compared by the rules below; any other constraining keyword that differs is `schema-changed`. */
const compared = new Set([
  'type',
  'enum',
  'const',
  ...upperBounds,
  ...lowerBounds,
  'multipleOf',
  'uniqueItems',
  'pattern',
  'format',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  'discriminator',
  'default',
]);

export class SchemaComparison {
  /** Where each schema compared sits in the revision, by its pointer in the comparison. */
  private readonly origins = new Map<string, string>();

  constructor(private readonly scope: SchemaScope) {}

  private get request(): boolean {
    return this.scope.direction === 'request';
  }

  /** Where `at` sits in the revision: under the nearest schema compared on the way, or unknown. */
  private originOf(at: At): string | undefined {
    for (let length = at.length; length >= 0; length--) {
      const origin = this.origins.get(pointerOf(at.slice(0, length)));
      if (origin !== undefined) return `${origin}${pointerOf(at.slice(length))}`;
    }
    return undefined;
  }

  private record(rule: RuleId, at: At, detail: string): void {
    this.scope.log.record(rule, at, detail, this.scope.operation, this.originOf(at));
  }

  /** Records a narrowing or a widening of the values this schema admits, by its direction. */
  private narrowed(kind: 'type' | 'enum' | 'bound', narrower: boolean, at: At, detail: string): void {
    const rule = {
      type: ['request-type-narrowed', 'request-type-widened', 'response-type-narrowed', 'response-type-widened'],
      enum: ['request-enum-narrowed', 'request-enum-widened', 'response-enum-narrowed', 'response-enum-widened'],
      bound: ['request-bound-tightened', 'request-bound-relaxed', 'response-bound-tightened', 'response-bound-relaxed'],
    }[kind][(this.request ? 0 : 2) + (narrower ? 0 : 1)] as RuleId;
    this.record(rule, at, detail);
  }

  compare(base: unknown, revision: unknown, at: At, comparing: ReadonlySet<string> = new Set()): void {
    const before = resolve(this.scope.base, base);
    const after = resolve(this.scope.revision, revision);
    const origin = after.refs.at(-1) ?? (this.origins.size ? this.originOf(at) : this.scope.origin);
    if (origin !== undefined) this.origins.set(pointerOf(at), origin);
    // A schema that refers to itself is compared once along each path.
    const pair = `${before.refs.join(' ')}|${after.refs.join(' ')}`;
    if (before.refs.length && after.refs.length) {
      if (comparing.has(pair)) return;
      comparing = new Set(comparing).add(pair);
    }
    const b = schemaOf(before.node);
    const r = schemaOf(after.node);
    if (same(b, r) && !JSON.stringify(b).includes('"$ref"')) return;
    const bTypes = byType(b, this.scope.base);
    const rTypes = byType(r, this.scope.revision);
    if (bTypes && rTypes) {
      this.compareTypes([...bTypes.keys()], [...rTypes.keys()], at);
      for (const [type, branch] of rTypes) {
        const match = counterpart(bTypes, type);
        if (match) this.compareKeywords(match, branch, at, comparing);
      }
      return;
    }
    this.compareTypes(this.typesOf(b, this.scope.base), this.typesOf(r, this.scope.revision), at);
    // What admits nothing has no keywords worth comparing: its types said it all.
    if (!acceptsNothing(b) && !acceptsNothing(r)) this.compareKeywords(b, r, at, comparing);
  }

  /** The types a schema admits: its own, those of its alternatives, those all its allOf members share, or any. */
  private typesOf(schema: Node, document: unknown, depth = 0): string[] {
    const types = byType(schema, document);
    if (types) return [...types.keys()];
    const members = (keyword: string) =>
      Array.isArray(schema[keyword])
        ? (schema[keyword] as unknown[]).map((member) =>
            depth > 16 ? TYPES : this.typesOf(schemaOf(resolve(document, member).node), document, depth + 1),
          )
        : undefined;
    const alternatives = members('anyOf') ?? members('oneOf');
    let admitted = alternatives ? TYPES.filter((type) => alternatives.some((list) => list.includes(type))) : TYPES;
    for (const list of members('allOf') ?? []) admitted = admitted.filter((type) => list.includes(type));
    return admitted;
  }

  private compareTypes(before: string[], after: string[], at: At): void {
    const covers = (types: string[], type: string) =>
      types.includes(type) || (type === 'integer' && types.includes('number'));
    const removed = before.filter((type) => !covers(after, type));
    const added = after.filter((type) => !covers(before, type));
    const name = (types: string[]) => (types.length === TYPES.length ? 'any type' : types.join(', ') || 'nothing');
    if (removed.length) this.narrowed('type', true, at, `${name(before)} → ${name(after)}`);
    if (added.length) this.narrowed('type', false, at, `${name(before)} → ${name(after)}`);
  }

  private compareKeywords(b: Node, r: Node, at: At, comparing: ReadonlySet<string>): void {
    this.compareEnums(b, r, at);
    this.compareBounds(b, r, at);
    this.compareText(b, r, at);
    this.compareProperties(b, r, at, comparing);
    if (b.items !== undefined || r.items !== undefined)
      this.compare(schemaOf(b.items), schemaOf(r.items), [...at, 'items'], comparing);
    this.compareMembers('allOf', b, r, at, comparing);
    this.compareMembers(b.oneOf || r.oneOf ? 'oneOf' : 'anyOf', b, r, at, comparing);
    this.compareConditions(b, r, at, comparing);
    if (!same(b.discriminator, r.discriminator))
      this.record(
        b.discriminator === undefined ? 'discriminator-added' : 'discriminator-changed',
        [...at, 'discriminator'],
        `${shown(b.discriminator)} → ${shown(r.discriminator)}`,
      );
    if (this.request && !same(b.default, r.default))
      this.record('request-default-changed', [...at, 'default'], `${shown(b.default)} → ${shown(r.default)}`);
    for (const keyword of new Set([...constraints(b), ...constraints(r)]))
      if (!compared.has(keyword) && !same(b[keyword], r[keyword]))
        this.record('schema-changed', [...at, keyword], `${keyword}: ${shown(b[keyword])} → ${shown(r[keyword])}`);
  }

  private compareEnums(b: Node, r: Node, at: At): void {
    const values = (schema: Node) =>
      schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : undefined;
    const before = values(b);
    const after = values(r);
    if (same(before, after)) return;
    const missing = (from: unknown[] | undefined, to: unknown[] | undefined) =>
      from === undefined ? ['(any)'] : to === undefined ? [] : from.filter((v) => !to.some((w) => same(v, w)));
    const removed = missing(before, after);
    const added = missing(after, before);
    const keyword = r.enum !== undefined || (r.const === undefined && b.const === undefined) ? 'enum' : 'const';
    if (removed.length) this.narrowed('enum', true, [...at, keyword], `without ${removed.map(shown).join(', ')}`);
    if (added.length) this.narrowed('enum', false, [...at, keyword], `with ${added.map(shown).join(', ')}`);
  }

  private compareBounds(b: Node, r: Node, at: At): void {
    for (const keyword of [...upperBounds, ...lowerBounds, 'multipleOf', 'uniqueItems']) {
      const before = b[keyword];
      const after = r[keyword];
      if (same(before, after)) continue;
      const upper = upperBounds.includes(keyword);
      const tighter =
        before === undefined || before === false
          ? true
          : after === undefined || after === false
            ? false
            : keyword === 'multipleOf' || (upper ? Number(after) < Number(before) : Number(after) > Number(before));
      this.narrowed('bound', tighter, [...at, keyword], `${keyword} ${shown(before)} → ${shown(after)}`);
    }
  }

  private compareText(b: Node, r: Node, at: At): void {
    const before = typeof b.pattern === 'string' ? normalPattern(b.pattern) : undefined;
    const after = typeof r.pattern === 'string' ? normalPattern(r.pattern) : undefined;
    if (before !== after) {
      const rule: RuleId = this.request
        ? before === undefined
          ? 'request-pattern-added'
          : after === undefined
            ? 'request-pattern-removed'
            : 'request-pattern-changed'
        : before === undefined
          ? 'response-pattern-added'
          : 'response-pattern-changed';
      this.record(rule, [...at, 'pattern'], `${shown(b.pattern)} → ${shown(r.pattern)}`);
    }
    if (!same(b.format, r.format)) {
      const rule: RuleId = this.request
        ? r.format === undefined
          ? 'request-format-removed'
          : 'request-format-added'
        : b.format === undefined
          ? 'response-format-added'
          : 'response-format-changed';
      this.record(rule, [...at, 'format'], `${shown(b.format)} → ${shown(r.format)}`);
    }
  }

  private compareProperties(b: Node, r: Node, at: At, comparing: ReadonlySet<string>): void {
    const properties = (schema: Node) => (isNode(schema.properties) ? schema.properties : {});
    const required = (schema: Node) => new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
    const [bProps, rProps, bRequired, rRequired] = [properties(b), properties(r), required(b), required(r)];
    const names = new Set([...Object.keys(bProps), ...Object.keys(rProps), ...bRequired, ...rRequired]);
    for (const name of names) {
      const here = [...at, 'properties', name];
      const before = Object.hasOwn(bProps, name) || bRequired.has(name);
      const after = Object.hasOwn(rProps, name) || rRequired.has(name);
      if (before && !after)
        this.record(this.request ? 'request-property-removed' : 'response-property-removed', here, name);
      else if (!before && after)
        this.record(
          !this.request
            ? 'response-property-added'
            : rRequired.has(name)
              ? 'request-property-added-required'
              : 'request-property-added-optional',
          here,
          name,
        );
      else {
        if (!bRequired.has(name) && rRequired.has(name))
          this.record(
            this.request ? 'request-property-became-required' : 'response-property-added',
            here,
            `${name} required`,
          );
        if (bRequired.has(name) && !rRequired.has(name))
          this.record(
            this.request ? 'request-property-became-optional' : 'response-property-became-optional',
            here,
            `${name} optional`,
          );
        this.compare(propertySchema(b, name), propertySchema(r, name), here, comparing);
      }
    }
    this.compareAdditional(b, r, at, comparing);
  }

  private compareAdditional(b: Node, r: Node, at: At, comparing: ReadonlySet<string>): void {
    if (b.additionalProperties === undefined && r.additionalProperties === undefined) return;
    const here = [...at, 'additionalProperties'];
    const before = schemaOf(b.additionalProperties);
    const after = schemaOf(r.additionalProperties);
    const side = this.request ? 'request' : 'response';
    if (!acceptsNothing(before) && acceptsNothing(after))
      this.record(`${side}-properties-closed` as const, here, 'additionalProperties: false');
    else if (acceptsNothing(before) && !acceptsNothing(after))
      this.record(`${side}-properties-opened` as const, here, `false → ${shown(r.additionalProperties)}`);
    else this.compare(before, after, here, comparing);
  }

  /** `allOf` members narrow what a schema admits; `oneOf`/`anyOf` alternatives widen it. */
  private compareMembers(
    keyword: 'allOf' | 'oneOf' | 'anyOf',
    b: Node,
    r: Node,
    at: At,
    comparing: ReadonlySet<string>,
  ) {
    const before = Array.isArray(b[keyword]) ? (b[keyword] as unknown[]) : undefined;
    const after = Array.isArray(r[keyword]) ? (r[keyword] as unknown[]) : undefined;
    if (!before && !after) return;
    if (!before || !after) {
      // From alternatives to none, or the reverse, is a rewrite no one rule can weigh.
      this.record('schema-changed', [...at, keyword], `${keyword}: ${shown(b[keyword])} → ${shown(r[keyword])}`);
      return;
    }
    const { pairs, removed, added } = matchMembers(before, after);
    const narrowing = keyword === 'allOf';
    for (const index of removed)
      this.record(memberRule(this.request, narrowing, false), [...at, keyword, index], shown(before[index]));
    for (const index of added)
      this.record(memberRule(this.request, narrowing, true), [...at, keyword, index], shown(after[index]));
    for (const [i, j] of pairs) this.compare(before[i], after[j], [...at, keyword, j], comparing);
  }

  private compareConditions(b: Node, r: Node, at: At, comparing: ReadonlySet<string>): void {
    if (!same(b.if, r.if)) {
      this.record('schema-changed', [...at, 'if'], `if: ${shown(b.if)} → ${shown(r.if)}`);
      return;
    }
    for (const keyword of ['then', 'else', 'not'] as const) {
      if (b[keyword] === undefined && r[keyword] === undefined) continue;
      if (b[keyword] === undefined || r[keyword] === undefined) {
        // A `not` or a conditional branch is a constraint: adding one narrows, removing one widens.
        const adds = b[keyword] === undefined;
        this.record(memberRule(this.request, true, adds), [...at, keyword], shown(r[keyword] ?? b[keyword]));
      } else if (keyword === 'not') {
        if (!same(b.not, r.not))
          this.record('schema-changed', [...at, 'not'], `not: ${shown(b.not)} → ${shown(r.not)}`);
      } else this.compare(b[keyword], r[keyword], [...at, keyword], comparing);
    }
  }
}

/** The rule for an added or removed member: allOf members and `not` narrow, alternatives widen. */
function memberRule(request: boolean, narrowing: boolean, added: boolean): RuleId {
  const narrower = narrowing === added;
  if (narrowing)
    return request
      ? added
        ? 'request-constraint-added'
        : 'request-constraint-removed'
      : added
        ? 'response-constraint-added'
        : 'response-constraint-removed';
  if (request) return narrower ? 'request-alternative-removed' : 'request-alternative-added';
  return narrower ? 'response-alternative-removed' : 'response-alternative-added';
}

/** Members matched by the schema they refer to, then the rest in order. */
function matchMembers(before: unknown[], after: unknown[]) {
  const refOf = (member: unknown) => (isNode(member) && typeof member.$ref === 'string' ? member.$ref : undefined);
  const pairs: [number, number][] = [];
  const freeBefore = new Set(before.keys());
  const freeAfter = new Set(after.keys());
  for (const i of freeBefore) {
    const j = [...freeAfter].find((k) => refOf(before[i]) !== undefined && refOf(after[k]) === refOf(before[i]));
    if (j === undefined) continue;
    pairs.push([i, j]);
    freeBefore.delete(i);
    freeAfter.delete(j);
  }
  const restBefore = [...freeBefore].filter((i) => refOf(before[i]) === undefined);
  const restAfter = [...freeAfter].filter((j) => refOf(after[j]) === undefined);
  for (let k = 0; k < Math.min(restBefore.length, restAfter.length); k++) {
    pairs.push([restBefore[k]!, restAfter[k]!]);
    freeBefore.delete(restBefore[k]!);
    freeAfter.delete(restAfter[k]!);
  }
  return { pairs, removed: [...freeBefore], added: [...freeAfter] };
}

/** The schema a property's values meet: its own, else what additionalProperties says of any key. */
function propertySchema(schema: Node, name: string): unknown {
  const properties = isNode(schema.properties) ? schema.properties : {};
  if (Object.hasOwn(properties, name)) return properties[name];
  return isNode(schema.additionalProperties) ? schema.additionalProperties : {};
}
