// `-f key=value` and `-F key=value` fields of `whctl api`, as in `gh api`: nested keys
// (`purchase_order[po_number]`), `[]` to append to an array, and typed values with -F.
import { UsageError } from '../../errors.js';

export interface Field {
  key: string;
  value: unknown;
}

/** `key=value`; with `typed`, true, false, null and numbers become JSON values. */
export function parseField(text: string, typed: boolean): Field {
  const equals = text.indexOf('=');
  if (equals < 1) throw new UsageError(`field ${JSON.stringify(text)} must look like key=value`);
  const key = text.slice(0, equals);
  const raw = text.slice(equals + 1);
  if (!typed) return { key, value: raw };
  if (raw === 'true' || raw === 'false') return { key, value: raw === 'true' };
  if (raw === 'null') return { key, value: null };
  if (/^-?\d+(\.\d+)?$/.test(raw)) return { key, value: Number(raw) };
  return { key, value: raw };
}

function segments(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new UsageError(`field name ${JSON.stringify(key)} must look like name, name[key] or name[]`);
  return [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((segment) => segment[1]!)];
}

type Node = Record<string, unknown> | unknown[];

/** Builds the JSON body the fields describe. */
export function fieldsBody(fields: Field[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, value } of fields) {
    const path = segments(key);
    let node: Node = body;
    for (const [index, segment] of path.entries()) {
      const next = path[index + 1];
      const child = (): Node => (next === '' ? [] : {});
      if (Array.isArray(node)) {
        if (segment !== '') throw new UsageError(`field ${key}: ${segment} indexes an array; use []`);
        if (next === undefined) {
          node.push(value);
          continue;
        }
        const created = child();
        node.push(created);
        node = created;
        continue;
      }
      if (segment === '') throw new UsageError(`field ${key}: [] appends to an array, but this is an object`);
      if (next === undefined) {
        node[segment] = value;
        continue;
      }
      const existing = node[segment];
      if (existing === undefined) node[segment] = child();
      else if (typeof existing !== 'object' || existing === null || Array.isArray(existing) !== (next === '')) {
        throw new UsageError(`field ${key} conflicts with an earlier field`);
      }
      node = node[segment] as Node;
    }
  }
  return body;
}
