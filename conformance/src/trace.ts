// Which check verifies which rule: every rule and open point of the API reference, and every rule
// the spec's extension descriptions state, with the checks that name it, or, for a rule no check
// verifies, the recorded reason. `whctl conformance list --trace` prints it; the HTML report and
// `verdict.json` show it with each check's state in the run.
import { catalogue } from './catalogue.js';
import type { CheckInfo } from './check.js';
import { extensionRules } from './extension-rules/index.js';
import { EXTENSION_UNCHECKED } from './extension-rules/unchecked.js';
import { type LocatedRule, referenceRules } from './reference/index.js';
import { UNCHECKED, UNCHECKED_WHY, type Unchecked, type UncheckedWhy } from './reference/unchecked.js';

export interface TraceEntry extends LocatedRule {
  /** The checks that name the rule, in run order. */
  checks: CheckInfo[];
  /** Why no check verifies it, for a rule that has none. */
  unchecked?: Unchecked;
}

/** Every rule of the reference, then of the extensions, in their order. */
export function tracedRules(): LocatedRule[] {
  return [...referenceRules(), ...extensionRules()];
}

const REASONS: Readonly<Record<string, Unchecked>> = { ...UNCHECKED, ...EXTENSION_UNCHECKED };

export function trace(checks: CheckInfo[] = catalogue()): TraceEntry[] {
  return tracedRules().map((rule) => {
    const unchecked = REASONS[rule.id];
    return {
      ...rule,
      checks: checks.filter((check) => check.verifies.includes(rule.id)),
      ...(unchecked && { unchecked }),
    };
  });
}

/** Ids that checks name but neither the reference nor the extensions have, each with the check naming it. */
export function unknownIds(checks: CheckInfo[] = catalogue()): string[] {
  const known = new Set(tracedRules().map((rule) => rule.id));
  return checks.flatMap((check) =>
    check.verifies.filter((id) => !known.has(id)).map((id) => `${id} (${check.group}: ${check.title})`),
  );
}

/** How many rules of one source have checks, and why the others have none. */
export interface TraceCounts {
  rules: number;
  checked: number;
  unchecked: number;
  unchecked_why: Record<UncheckedWhy, number>;
}

function countsOf(entries: TraceEntry[]): TraceCounts {
  const rules = entries.filter((entry) => entry.kind === 'rule');
  const unchecked = rules.filter((entry) => !entry.checks.length);
  const why = Object.fromEntries(
    Object.keys(UNCHECKED_WHY).map((key) => [key, unchecked.filter((entry) => entry.unchecked?.why === key).length]),
  ) as Record<UncheckedWhy, number>;
  return {
    rules: rules.length,
    checked: rules.length - unchecked.length,
    unchecked: unchecked.length,
    unchecked_why: why,
  };
}

/**
 * The counts of a trace: the reference's at the top (as `list --trace --format json` gave them
 * before the extensions were traced), the extensions' under `extensions`.
 */
export type TraceSummary = TraceCounts & {
  open: number;
  open_settled: number;
  extensions: TraceCounts;
  checks: number;
};

export function traceSummary(entries: TraceEntry[], checks: CheckInfo[]): TraceSummary {
  const reference = entries.filter((entry) => entry.source === 'reference');
  const open = reference.filter((entry) => entry.kind === 'open');
  return {
    ...countsOf(reference),
    open: open.length,
    open_settled: open.filter((entry) => entry.checks.length).length,
    extensions: countsOf(entries.filter((entry) => entry.source === 'extension')),
    checks: checks.length,
  };
}

/** A rule as JSON: its checks by `group: title`. */
export type TracedRuleJson = Omit<TraceEntry, 'checks'> & { checks: string[] };

export const checkKey = (check: Pick<CheckInfo, 'group' | 'title'>): string => `${check.group}: ${check.title}`;

export function traceJson(entries: TraceEntry[]): TracedRuleJson[] {
  return entries.map(({ checks, ...entry }) => ({ ...entry, checks: checks.map(checkKey) }));
}

/** What a rule's checks did in a run: `untested` when it has no check, `not run` when none of its ran. */
export type RuleState = 'passed' | 'failed' | 'not run' | 'untested';

export type TracedRuleResult = TracedRuleJson & { state: RuleState };

/** What the trace reads of a check's result (verdict.ts's CheckResult has it), so that it imports nothing back. */
interface CheckOutcome {
  group: string;
  title: string;
  state: 'passed' | 'failed' | 'skipped' | 'blocked';
}

function stateOf(states: (CheckOutcome['state'] | undefined)[]): RuleState {
  if (!states.length) return 'untested';
  if (states.includes('failed')) return 'failed';
  return states.includes('passed') ? 'passed' : 'not run';
}

/** The trace of a run, for `verdict.json`: every rule with its checks' outcome, or untested with its reason. */
export function traceOfRun(results: readonly CheckOutcome[]): { summary: TraceSummary; rules: TracedRuleResult[] } {
  const checks = catalogue();
  const entries = trace(checks);
  const states = new Map(results.map((result) => [checkKey(result), result.state]));
  return {
    summary: traceSummary(entries, checks),
    rules: traceJson(entries).map((rule) => ({ ...rule, state: stateOf(rule.checks.map((key) => states.get(key))) })),
  };
}
