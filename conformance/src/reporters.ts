// Mocha runs one reporter; a conformance run wants three at once: the human one on stdout,
// JUnit XML for CI, and the verdict collector. This reporter class starts each of them on
// the same runner.
import Mocha from 'mocha';
import MochaJUnitReporter from 'mocha-junit-reporter';
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
        new MochaJUnitReporter(runner, {
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
