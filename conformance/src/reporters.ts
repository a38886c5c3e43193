// Mocha runs one reporter; a conformance run wants three at once: the human one on stdout,
// JUnit XML for CI, and the verdict collector. This reporter class starts each of them on
// the same runner.
import Mocha from 'mocha';
import MochaJUnitReporter, { type TestSuiteNode, type XmlNode } from 'mocha-junit-reporter';
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

/** The suite of the checks' root: it holds no check, only what a failing run-wide hook reports. */
const ROOT_TITLE = 'Conformance';

/**
 * JUnit XML whose skipped test cases say why: not applicable to the profile, or blocked by a
 * prerequisite another check reported (`<skipped message="blocked: ..."/>`), and whose suites
 * each hold the test cases they count.
 */
class ConformanceJUnitReporter extends MochaJUnitReporter {
  /**
   * The reporter writes a `<testsuite>` for mocha's root, which holds groups but no check of its
   * own (`name="" tests="0"`), and counts a group's every check, whether or not --grep ran it.
   * A suite's count becomes its test cases, and a suite without any is left out.
   */
  override flush(testsuites: TestSuiteNode[]): void {
    const kept = testsuites.filter((suite) => suite.testsuite.length > 1);
    for (const { testsuite } of kept) {
      const attributes = testsuite[0]!._attr;
      attributes.tests = testsuite.length - 1;
      // In Jenkins mode the root's title is its own, empty: a run-wide hook's failure lands there.
      attributes.name ||= ROOT_TITLE;
    }
    super.flush(kept);
  }

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
            rootSuiteTitle: ROOT_TITLE,
          },
        });
      }
      for (const listen of settings.listeners) listen(runner);
    }
  };
}
