// The operations of two versions of a contract matched by path and method, and compared part
// by part: security, parameters, request body and responses (DECISIONS 352). The top-level
// webhooks are operations the deployment sends: the client reads their payload and writes their
// answer, so their schemas are compared the other way round.
import { type ChangeLog, pointerOf } from './change.js';
import { constraints, isNode, type Node, resolve, same } from './resolve.js';
import { type Direction, SchemaComparison } from './schemas.js';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Sides {
  log: ChangeLog;
  base: Node;
  revision: Node;
}

/** `/products/{id}` and `/products/{product_id}` are one path. */
const pathKey = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

export function compareOperations(sides: Sides, section: 'paths' | 'webhooks'): void {
  const before = isNode(sides.base[section]) ? sides.base[section] : {};
  const after = isNode(sides.revision[section]) ? sides.revision[section] : {};
  const afterPaths = new Map(Object.keys(after).map((path) => [pathKey(path), path]));
  for (const [path, rawItem] of Object.entries(before)) {
    const revisionPath =
      section === 'paths' ? afterPaths.get(pathKey(path)) : Object.hasOwn(after, path) ? path : undefined;
    if (revisionPath === undefined) {
      sides.log.record(section === 'paths' ? 'path-removed' : 'operation-removed', [section, path], path);
      continue;
    }
    const baseItem = resolve(sides.base, rawItem).node as Node;
    const revisionItem = resolve(sides.revision, after[revisionPath]).node as Node;
    for (const method of methods) {
      const label = section === 'paths' ? `${method.toUpperCase()} ${revisionPath}` : `webhook ${path}`;
      const at = [section, revisionPath, method];
      if (!isNode(baseItem[method])) {
        if (isNode(revisionItem[method])) sides.log.record('operation-added', at, label, label);
      } else if (!isNode(revisionItem[method])) sides.log.record('operation-removed', at, label, label);
      else
        new OperationComparison(sides, label, at, section === 'webhooks').compare(
          [baseItem, baseItem[method] as Node],
          [revisionItem, revisionItem[method] as Node],
        );
    }
  }
  for (const [key, path] of afterPaths)
    if (!Object.keys(before).some((basePath) => (section === 'paths' ? pathKey(basePath) === key : basePath === path)))
      for (const method of methods)
        if (isNode((resolve(sides.revision, after[path]).node as Node)[method])) {
          const label = section === 'paths' ? `${method.toUpperCase()} ${path}` : `webhook ${path}`;
          sides.log.record('operation-added', [section, path, method], label, label);
        }
}

interface Parameter {
  at: (string | number)[];
  spec: Node;
  /** Where the parameter sits in its document: its `$ref`'s target, or its own place. */
  origin: string;
}

class OperationComparison {
  constructor(
    private readonly sides: Sides,
    private readonly label: string,
    private readonly at: (string | number)[],
    /** A webhook: the deployment sends the request and the client answers it. */
    private readonly sent: boolean,
  ) {}

  private record(...[rule, at, detail]: Parameters<ChangeLog['record']>): void {
    this.sides.log.record(rule, at, detail, this.label);
  }

  /** `origin`: where the revision's schema sits in its document, for stated refusals. */
  private schemas(direction: Direction, origin?: string): SchemaComparison {
    const { log, base, revision } = this.sides;
    return new SchemaComparison({ log, base, revision, direction, operation: this.label, origin });
  }

  compare([baseItem, base]: [Node, Node], [revisionItem, revision]: [Node, Node]): void {
    if (!same(base.operationId, revision.operationId))
      this.record('operation-id-changed', [...this.at, 'operationId'], `${base.operationId} → ${revision.operationId}`);
    if (!base.deprecated && revision.deprecated)
      this.record('operation-deprecated', [...this.at, 'deprecated'], 'true');
    if (!this.sent) this.compareSecurity(base, revision);
    this.compareParameters(
      this.parameters(this.sides.base, baseItem, base),
      this.parameters(this.sides.revision, revisionItem, revision),
    );
    this.compareRequestBody(base.requestBody, revision.requestBody);
    this.compareResponses(base.responses, revision.responses);
  }

  private compareSecurity(base: Node, revision: Node): void {
    // No requirement at all, `[]`, is one way in: anonymous, written `{}`.
    const ways = (document: Node, operation: Node) => {
      const list = (operation.security ?? document.security ?? []) as Node[];
      return (list.length ? list : [{}]).map((requirement) => JSON.stringify(Object.entries(requirement).sort()));
    };
    const before = ways(this.sides.base, base);
    const after = ways(this.sides.revision, revision);
    const at = [...this.at, 'security'];
    for (const way of before) if (!after.includes(way)) this.record('security-requirement-removed', at, way);
    for (const way of after) if (!before.includes(way)) this.record('security-requirement-added', at, way);
  }

  /** The operation's parameters with those of its path item it does not override, by where they go and name. */
  private parameters(document: Node, item: Node, operation: Node): Map<string, Parameter> {
    const found = new Map<string, Parameter>();
    const add = (list: unknown, at: (string | number)[]) => {
      if (!Array.isArray(list)) return;
      list.forEach((raw, index) => {
        const { node, refs } = resolve(document, raw);
        const spec = node as Node;
        const name = String(spec.name);
        found.set(`${spec.in}:${spec.in === 'header' ? name.toLowerCase() : name}`, {
          at: [...at, 'parameters', index],
          spec,
          origin: refs.at(-1) ?? `#${pointerOf([...at, 'parameters', index])}`,
        });
      });
    };
    add(item.parameters, this.at.slice(0, -1));
    add(operation.parameters, this.at);
    return found;
  }

  private compareParameters(before: Map<string, Parameter>, after: Map<string, Parameter>): void {
    const direction: Direction = this.sent ? 'response' : 'request';
    for (const [key, { at }] of before) if (!after.has(key)) this.record('parameter-removed', at, key);
    for (const [key, { at, spec, origin }] of after) {
      const base = before.get(key);
      const required = spec.in === 'path' || spec.required === true;
      if (!base) {
        this.record(required ? 'parameter-added-required' : 'parameter-added-optional', at, key);
        continue;
      }
      const wasRequired = base.spec.in === 'path' || base.spec.required === true;
      if (!wasRequired && required) this.record('parameter-became-required', [...at, 'required'], key);
      if (wasRequired && !required) this.record('parameter-became-optional', [...at, 'required'], key);
      if (!same(serialization(base.spec), serialization(spec)))
        this.record(
          'parameter-serialization-changed',
          at,
          `${key}: ${JSON.stringify(serialization(base.spec))} → ${JSON.stringify(serialization(spec))}`,
        );
      this.schemas(direction, `${origin}/schema`).compare(base.spec.schema, spec.schema, [...at, 'schema']);
    }
  }

  private compareRequestBody(rawBase: unknown, rawRevision: unknown): void {
    const at = [...this.at, 'requestBody'];
    const base = rawBase === undefined ? undefined : (resolve(this.sides.base, rawBase).node as Node);
    const resolved = rawRevision === undefined ? undefined : resolve(this.sides.revision, rawRevision);
    const revision = resolved?.node as Node | undefined;
    const origin = resolved?.refs.at(-1) ?? `#${pointerOf(at)}`;
    if (!base && !revision) return;
    if (base && !revision) {
      this.record('request-body-removed', at, 'requestBody');
      return;
    }
    const required = revision?.required === true;
    if (!base) {
      this.record(required ? 'request-body-became-required' : 'request-body-became-optional', at, 'added');
      return;
    }
    if (base.required !== true && required)
      this.record('request-body-became-required', [...at, 'required'], 'required');
    if (base.required === true && !required)
      this.record('request-body-became-optional', [...at, 'required'], 'optional');
    this.compareContent(
      base.content,
      revision!.content,
      [...at, 'content'],
      this.sent ? 'response' : 'request',
      `${origin}/content`,
    );
  }

  private compareContent(
    base: unknown,
    revision: unknown,
    at: (string | number)[],
    direction: Direction,
    origin?: string,
  ): void {
    const before = isNode(base) ? base : {};
    const after = isNode(revision) ? revision : {};
    const [removed, added] =
      direction === 'request'
        ? (['request-media-type-removed', 'request-media-type-added'] as const)
        : (['response-media-type-removed', 'response-media-type-added'] as const);
    for (const type of Object.keys(before)) if (!Object.hasOwn(after, type)) this.record(removed, [...at, type], type);
    for (const [type, media] of Object.entries(after)) {
      if (!Object.hasOwn(before, type)) {
        this.record(added, [...at, type], type);
        continue;
      }
      const schemaOf = (value: unknown) => (isNode(value) ? value.schema : undefined);
      const schemaOrigin = origin === undefined ? undefined : `${origin}${pointerOf([type, 'schema'])}`;
      this.schemas(direction, schemaOrigin).compare(schemaOf(before[type]), schemaOf(media), [...at, type, 'schema']);
    }
  }

  private compareResponses(base: unknown, revision: unknown): void {
    const before = isNode(base) ? base : {};
    const after = isNode(revision) ? revision : {};
    const direction: Direction = this.sent ? 'request' : 'response';
    for (const status of Object.keys(before))
      if (!Object.hasOwn(after, status))
        this.record('response-status-removed', [...this.at, 'responses', status], status);
    for (const [status, raw] of Object.entries(after)) {
      const at = [...this.at, 'responses', status];
      if (!Object.hasOwn(before, status)) {
        this.record('response-status-added', at, status);
        continue;
      }
      const was = resolve(this.sides.base, before[status]).node as Node;
      const is = resolve(this.sides.revision, raw).node as Node;
      this.compareHeaders(was.headers, is.headers, [...at, 'headers'], direction);
      this.compareContent(was.content, is.content, [...at, 'content'], direction);
    }
  }

  private compareHeaders(base: unknown, revision: unknown, at: (string | number)[], direction: Direction): void {
    const headers = (document: Node, value: unknown) =>
      new Map(
        Object.entries(isNode(value) ? value : {}).map(([name, header]) => [
          name.toLowerCase(),
          { name, spec: resolve(document, header).node as Node },
        ]),
      );
    const before = headers(this.sides.base, base);
    const after = headers(this.sides.revision, revision);
    for (const [key, { name }] of before)
      if (!after.has(key)) this.record('response-header-removed', [...at, name], name);
    for (const [key, { name, spec }] of after) {
      const was = before.get(key);
      if (!was) {
        this.record('response-header-added', [...at, name], name);
        continue;
      }
      if (was.spec.required === true && spec.required !== true)
        this.record('response-header-became-optional', [...at, name, 'required'], name);
      if (was.spec.required !== true && spec.required === true)
        this.record('response-header-added', [...at, name, 'required'], `${name} required`);
      this.schemas(direction).compare(was.spec.schema, spec.schema, [...at, name, 'schema']);
    }
  }
}

/** How a parameter is written into the request, with the defaults spelled out. */
function serialization(parameter: Node): [unknown, unknown] {
  const style = parameter.style ?? (parameter.in === 'query' || parameter.in === 'cookie' ? 'form' : 'simple');
  return [style, parameter.explode ?? style === 'form'];
}

/** Security schemes the two versions both define whose way of sending credentials differs. */
export function compareSecuritySchemes({ log, base, revision }: Sides): void {
  const schemes = (document: Node) => {
    const components = isNode(document.components) ? document.components : {};
    return isNode(components.securitySchemes) ? components.securitySchemes : {};
  };
  const before = schemes(base);
  const after = schemes(revision);
  for (const [name, scheme] of Object.entries(after)) {
    if (!Object.hasOwn(before, name)) continue;
    const was = resolve(base, before[name]).node as Node;
    const is = resolve(revision, scheme).node as Node;
    const essentials = (value: Node) => Object.fromEntries(constraints(value).map((key) => [key, value[key]]));
    if (!same(essentials(was), essentials(is)))
      log.record('security-scheme-changed', ['components', 'securitySchemes', name], name);
  }
}
