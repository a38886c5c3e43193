// The conformance suite as a library: load a profile, choose check groups, run them against
// the deployment the profile names, and read the verdict. `whctl conformance` is its command
// line; CI systems and other tools can call `runConformance` directly.
export type { ProfileFile } from '@warehouse-kit/spec/conformance-profile';
export { catalogue } from './catalogue.js';
export type { Basis, CheckInfo } from './check.js';
export { groups } from './checks/index.js';
export { ChecksFailedError, ConformanceError, InterruptedError, ProfileError, UsageError } from './errors.js';
export { EXTENSION_RULES, type Extension, type ExtensionSection, extensionRules } from './extension-rules/index.js';
export { loadProfile, type Profile, parseProfile, type ResolvedLocation } from './profile.js';
export type { LocatedRule, ReferenceRule, ReferenceSection, ReferenceUnit, UnitKind } from './reference/index.js';
export { API_REFERENCE, referenceRules } from './reference/index.js';
export { UNCHECKED_WHY, type Unchecked, type UncheckedWhy } from './reference/unchecked.js';
export type { Coverage, CoverageCell, CoverageState } from './report/coverage.js';
export { renderReport } from './report/html.js';
export { type RunSettings, runConformance } from './runner.js';
export { REFERENCE, selectableNames, selectGroups } from './selection.js';
export {
  type RuleState,
  type TraceCounts,
  type TracedRuleJson,
  type TracedRuleResult,
  type TraceEntry,
  type TraceSummary,
  trace,
  tracedRules,
  traceJson,
  traceSummary,
} from './trace.js';
export type { CheckResult, FailureParts, Verdict } from './verdict.js';
export { version } from './version.js';
