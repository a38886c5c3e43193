// Which check verifies which rule of the reference: every rule and open point with the checks
// that name it, or, for a rule no check can verify, the recorded reason. `whctl conformance
// list --trace` prints it; the HTML report shows it with each check's state.
import { catalogue } from './catalogue.js';
import type { CheckInfo } from './check.js';
import { type LocatedRule, referenceRules } from './reference/index.js';
import { UNCHECKED, type Unchecked } from './reference/unchecked.js';

export interface TraceEntry extends LocatedRule {
  /** The checks that name the rule, in run order. */
  checks: CheckInfo[];
  /** Why no check verifies it, for a rule that has none. */
  unchecked?: Unchecked;
}

export function trace(checks: CheckInfo[] = catalogue()): TraceEntry[] {
  return referenceRules().map((rule) => {
    const unchecked = UNCHECKED[rule.id];
    return {
      ...rule,
      checks: checks.filter((check) => check.verifies.includes(rule.id)),
      ...(unchecked && { unchecked }),
    };
  });
}

/** Ids that checks name but the reference does not have, each with the check naming it. */
export function unknownIds(checks: CheckInfo[] = catalogue()): string[] {
  const known = new Set(referenceRules().map((rule) => rule.id));
  return checks.flatMap((check) =>
    check.verifies.filter((id) => !known.has(id)).map((id) => `${id} (${check.group}: ${check.title})`),
  );
}
