// What a run exercised: every operation of the spec against every status it documents, marked
// by the checks that looked at that answer (passed, failed, or none that ran).
import { listOperations } from '@warehouse-kit/spec/document';

/**
 * What coverage reads of a check's result (verdict.ts's CheckResult has it). Declared here so
 * that coverage, which the verdict holds, imports nothing back from the verdict.
 */
interface CheckOutcome {
  operation: string;
  status: number;
  title: string;
  state: 'passed' | 'failed' | 'skipped' | 'blocked';
}

/** `passed`: checks looked at the answer and all passed; `failed`: one failed; `not exercised`: none ran. */
export type CoverageState = 'passed' | 'failed' | 'not exercised';

export interface CoverageCell {
  state: CoverageState;
  /** The titles of the checks that look at this answer, whatever their state. */
  checks: string[];
}

export interface Coverage {
  /** Every status some operation documents, ascending: the matrix's columns. */
  statuses: number[];
  /** One row per operation of the spec; a status the operation does not document has no cell. */
  operations: { operation: string; cells: Record<string, CoverageCell> }[];
  summary: { documented: number; passed: number; failed: number; not_exercised: number };
}

function cellOf(checks: CheckOutcome[]): CoverageCell {
  const ran = checks.filter((check) => check.state === 'passed' || check.state === 'failed');
  const state: CoverageState = ran.some((check) => check.state === 'failed')
    ? 'failed'
    : ran.length
      ? 'passed'
      : 'not exercised';
  return { state, checks: checks.map((check) => check.title) };
}

export function coverageOf(checks: readonly CheckOutcome[]): Coverage {
  const operations = listOperations().map((spec) => {
    const operation = `${spec.method.toUpperCase()} ${spec.path}`;
    const documented = Object.keys(spec.responses).filter((status) => /^\d{3}$/.test(status));
    const cells = Object.fromEntries(
      documented.map((status) => [
        status,
        cellOf(checks.filter((check) => check.operation === operation && String(check.status) === status)),
      ]),
    );
    return { operation, cells };
  });
  const all = operations.flatMap((row) => Object.values(row.cells));
  const count = (state: CoverageState) => all.filter((cell) => cell.state === state).length;
  return {
    statuses: [...new Set(operations.flatMap((row) => Object.keys(row.cells).map(Number)))].sort((a, b) => a - b),
    operations,
    summary: {
      documented: all.length,
      passed: count('passed'),
      failed: count('failed'),
      not_exercised: count('not exercised'),
    },
  };
}
