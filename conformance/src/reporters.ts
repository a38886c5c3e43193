// Mocha runs one reporter; a conformance run wants three at once: the human one on stdout,
// JUnit XML for CI, and the verdict collector. This reporter class starts each of them on
// the same runner.
import Mocha from 'mocha';
import MochaJUnitReporter, { type XmlNode } from 'mocha-junit-reporter';
import type { CheckTest } from './check.js';
import { UsageError } from './errors.js';

type ReporterClass = new (runner: Mocha.Runner, options?: Mocha.MochaOptions) => unknown;

/** Mocha's built-in reporters that write for people or tools on stdout. */
export function consoleReporter(name: string): ReporterClass {
  const reporters = Mocha.reporters as unknown as Record<string, ReporterClass | undefined>;
  const found = name !== 'Base' && name !== 'base' ? reporters[name] : undefined;
  if (!found) {
    const names = Object.keys(reporters).filter((key) => key === key.toLowerCase() && key !== 'base');
    throw new UsageError(`unknown reporter ${name}; use one of mocha's: ${names.join(', ')}`);
  }
  return found;
}

/**
 * JUnit XML whose skipped test cases say why: not applicable to the profile, or blocked by a
 * prerequisite another check reported (`<skipped message="blocked: ..."/>`).
 */
class ConformanceJUnitReporter extends MochaJUnitReporter {
  override getTestcaseData(test: CheckTest, err?: Error): { testcase: XmlNode[] } {
    const data = super.getTestcaseData(test, err);
    const reason = test.blocked ? `blocked: ${test.blocked.reason}` : test.skipReason;
    if (!err && test.isPending() && reason) {
      // The reporter appends a bare <skipped/> once this returns; it gets the reason as its message.
      const nodes = data.testcase;
      nodes.push = (...added) =>
        Array.prototype.push.apply(
          nodes,
          added.map((node) => ('skipped' in node ? { skipped: { _attr: { message: reason } } } : node)),
        );
    }
    return data;
  }
}

export interface ReporterSettings {
  console: ReporterClass;
  /** Where to write JUnit XML; none when undefined. */
  junitFile?: string;
  /** Further listeners, such as the verdict collector. */
  listeners: ((runner: Mocha.Runner) => void)[];
}

export function combinedReporter(settings: ReporterSettings): Mocha.ReporterConstructor {
  return class CombinedReporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
      super(runner, options);
      new settings.console(runner, options);
      if (settings.junitFile) {
        new ConformanceJUnitReporter(runner, {
          reporterOptions: {
            mochaFile: settings.junitFile,
            includePending: true,
            // classname: the group; name: the check's title, as CI test views group them.
            jenkinsMode: true,
            testsuitesTitle: 'Warehouse API conformance',
            rootSuiteTitle: 'Conformance',
          },
        });
      }
      for (const listen of settings.listeners) listen(runner);
    }
  };
}
