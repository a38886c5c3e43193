// The API reference as data: its sections, each split into units (a sentence, a table row or
// a list item, in the reference's own words), and the rules each unit states, each with a
// stable id such as `§8.limits.reset-iso-utc`. Checks name the ids they verify; the trace
// (trace.ts) shows which rule has which checks. A test compares the units with the reference
// file whenever that file is at hand, so the copy cannot drift from it unseen.

/**
 * `rule`: states requirements a deployment must meet. `open`: says "not shown", leaving the
 * point to our decisions. `context`: describes, and requires nothing by itself.
 */
export type UnitKind = 'rule' | 'open' | 'context';

export interface ReferenceRule {
  /** `§` + section + `.` + a slug: `§4.1.rule-6`, `§8.limits.reset-iso-utc`. */
  id: string;
  /** The words of the unit that state the rule; the whole unit when it states one rule. */
  words: string;
}

export interface ReferenceUnit {
  /** The sentence, table row (cells joined by ` | `) or list item, as the reference words it. */
  text: string;
  kind: UnitKind;
  /** What the unit states: none for context, one for an open point (what our decisions settle). */
  rules: ReferenceRule[];
}

export interface ReferenceSection {
  /** `4.1`; `0` is the introduction before section 1. */
  section: string;
  title: string;
  units: ReferenceUnit[];
}

/** A unit that states one rule in all its words. */
export function rule(text: string, id: string): ReferenceUnit {
  return { text, kind: 'rule', rules: [{ id, words: text }] };
}

/** A unit that states several rules, each in some of its words. */
export function rules(text: string, ...parts: [id: string, words: string][]): ReferenceUnit {
  return { text, kind: 'rule', rules: parts.map(([id, words]) => ({ id, words })) };
}

/** A unit that leaves a point open ("not shown"); our decisions settle it. */
export function open(text: string, id: string): ReferenceUnit {
  return { text, kind: 'open', rules: [{ id, words: text }] };
}

/** A unit that describes and requires nothing of its own. */
export function context(text: string): ReferenceUnit {
  return { text, kind: 'context', rules: [] };
}
