// The JSON verdict: built from mocha's runner events, one entry per check with its
// metadata, so CI can attach it and tools can read it without parsing the human report.
import Mocha from 'mocha';
import type { Basis, CheckTest } from './check.js';
import type { CleanupOutcome } from './cleanup.js';
import { describeRequest } from './http.js';
import { ConformanceFailure, type Problem } from './problems.js';
import type { Coverage } from './report/coverage.js';
import type { TracedRuleResult, TraceSummary } from './trace.js';

const { EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING } = Mocha.Runner.constants;

export interface CheckResult {
  check: string;
  group: string;
  basis: Basis;
  operation: string;
  status: number;
  section: string;
  title: string;
  /** The ids of the reference's rules it verifies. */
  verifies: readonly string[];
  /**
   * `blocked`: it could not run because something it needs could not be had (a record, the
   * token's budget); `blocked_by` names the check that reported the cause.
   */
  state: 'passed' | 'failed' | 'skipped' | 'blocked';
  duration_ms?: number;
  /** Why it failed: the request, then "Received … / Documented …" lines. */
  message?: string;
  /** The same failure in parts, when it is a deviation of the deployment's (not, say, a network error). */
  failure?: FailureParts;
  /** Why it did not apply to this profile or run, or why it is blocked. */
  reason?: string;
  blocked_by?: string;
}

export interface FailureParts {
  /** `GET acme.example.com/api/v1/products (admin, organization interface)`. */
  request?: string;
  problems: Problem[];
  /** A curl command that sends the request again, the token as `$WH_TOKEN`. */
  reproduce?: string;
  notes: string[];
}

export interface Verdict {
  /** `pass` only when every selected check passed (skipped ones aside, none blocked) and the clean-up left nothing. */
  verdict: 'pass' | 'fail' | 'interrupted';
  /** `contract_version`: what the deployment's answers name (DECISIONS 351); null when they name none (before 1.1.0). */
  deployment: { organization: string; profile: string; contract_version: string | null };
  run: {
    prefix: string;
    suite_version: string;
    /** The contract version the suite checks against. */
    contract_version: string;
    started_at: string;
    finished_at: string;
    duration_ms: number;
    groups: string[];
    grep?: string;
    allow_appointments: boolean;
    /** The robustness group's budget and seed, when it ran: `--seed` replays its requests. */
    robustness?: { budget: number; seed: number };
    /** Requests sent per client: rate limits count them per token. */
    requests: Record<string, number>;
  };
  summary: { total: number; passed: number; failed: number; skipped: number; blocked: number };
  checks: CheckResult[];
  /** Failures outside a check, such as the clean-up. */
  errors: { title: string; message: string }[];
  cleanup: {
    undone: CleanupOutcome[];
    /** Records the run created and could not undo: they are still in the deployment. */
    left_behind: string[];
  };
  /** Every operation of the spec against every status it documents: exercised and passed, failed, or not. */
  coverage: Coverage;
  /**
   * Every rule of the API reference and of the spec's extensions with its checks and what they did
   * in this run; a rule without a check is `untested`, with the reason under `unchecked`.
   */
  trace: { summary: TraceSummary; rules: TracedRuleResult[] };
}

export interface VerdictCollector {
  checks: CheckResult[];
  errors: { title: string; message: string }[];
}

function resultOf(test: CheckTest, state: CheckResult['state'], extra: Partial<CheckResult>): CheckResult | undefined {
  const info = test.check;
  if (!info) return undefined;
  return {
    check: info.name,
    group: info.group,
    basis: info.basis,
    operation: `${info.method} ${info.path}`,
    status: info.status,
    section: info.section,
    title: info.title,
    verifies: info.verifies,
    state,
    ...extra,
  };
}

function partsOf(failure: ConformanceFailure): FailureParts {
  const { exchange, problems, notes } = failure;
  return {
    ...(exchange && { request: describeRequest(exchange), reproduce: exchange.curl }),
    problems: [...problems],
    notes: [...notes],
  };
}

/** Listens to a runner and collects a result per check and every failure outside one. */
export function collectVerdict(runner: Mocha.Runner): VerdictCollector {
  const collected: VerdictCollector = { checks: [], errors: [] };
  const add = (result: CheckResult | undefined) => result && collected.checks.push(result);
  runner.on(EVENT_TEST_PASS, (test: CheckTest) => add(resultOf(test, 'passed', { duration_ms: test.duration })));
  runner.on(EVENT_TEST_PENDING, (test: CheckTest) =>
    add(
      test.blocked
        ? resultOf(test, 'blocked', { reason: test.blocked.reason, blocked_by: test.blocked.by })
        : resultOf(test, 'skipped', test.skipReason ? { reason: test.skipReason } : {}),
    ),
  );
  runner.on(EVENT_TEST_FAIL, (runnable: Mocha.Runnable, error: Error) => {
    if (!(runnable instanceof Mocha.Hook))
      add(
        resultOf(runnable as CheckTest, 'failed', {
          duration_ms: runnable.duration,
          message: error.message,
          ...(error instanceof ConformanceFailure && { failure: partsOf(error) }),
        }),
      );
    else collected.errors.push({ title: runnable.fullTitle(), message: error.message });
  });
  return collected;
}
