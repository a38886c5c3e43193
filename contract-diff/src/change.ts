// One classified change and the recorder the comparisons report to.
import { type ChangeKind, type RuleId, rules } from './rules.js';
import type { StatedRefusal } from './stated-refusals.js';

export interface ContractChange {
  rule: RuleId;
  kind: ChangeKind;
  /**
   * Where it is, as a JSON pointer from the document's root through the operation (path, method,
   * parameter, body or response, then fields); `$ref`s are followed, so a change to a shared
   * schema is listed under each operation that uses it.
   */
  pointer: string;
  /** `POST /products`, or `webhook event` for the top-level webhooks; absent for document-wide changes. */
  operation?: string;
  /** What changed, e.g. `maxLength 255 → 64` or `sku`. */
  detail: string;
}

/** `a/b` and `a~b` as a pointer segment: `a~1b`, `a~0b` (RFC 6901). */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

export class ChangeLog {
  readonly changes: ContractChange[] = [];
  private readonly seen = new Set<string>();

  /** `stated`: the revision's stated refusals that hold against the base, by their place in the revision. */
  constructor(private readonly stated: ReadonlyMap<string, StatedRefusal> = new Map()) {}

  /**
   * `origin` is where the changed keyword sits in the revision (`#/components/schemas/X/pattern`),
   * when a schema comparison knows it: a request narrowing there that the revision states as a
   * refusal of the base is `request-refusal-stated` (DECISIONS 447).
   */
  record(rule: RuleId, at: readonly (string | number)[], detail: string, operation?: string, origin?: string): void {
    const refusal = origin === undefined ? undefined : this.stated.get(origin);
    if (refusal && rules[rule].kind === 'breaking' && rule.startsWith('request-')) {
      detail = `${rule} ${detail}, which the base refused: "${refusal.documented.join('"; "')}"`;
      rule = 'request-refusal-stated';
    }
    const pointer = pointerOf(at);
    // One schema reached twice at the same place (both alternatives of a type list, say) is one change.
    const key = `${rule}\n${pointer}\n${detail}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.changes.push({ rule, kind: rules[rule].kind, pointer, ...(operation ? { operation } : {}), detail });
  }
}

/** A value as a change's detail shows it: JSON, cut at 80 characters. */
export function shown(value: unknown): string {
  const text = value === undefined ? 'none' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
