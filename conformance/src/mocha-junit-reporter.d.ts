// mocha-junit-reporter ships no types; it is a mocha reporter class like the built-in ones.
declare module 'mocha-junit-reporter' {
  import type Mocha from 'mocha';

  /** An XML element as the `xml` package writes it: `{ name: [children] }` or `{ name: { _attr } }`. */
  export type XmlNode = Record<string, unknown>;

  /** A `<testsuite>`: its attributes first, then its `<testcase>` elements (no properties are set). */
  export interface TestSuiteNode {
    testsuite: [{ _attr: { name: string; tests: number } & Record<string, unknown> }, ...XmlNode[]];
  }

  export default class MochaJUnitReporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: { reporterOptions?: Record<string, unknown> });
    /** The `<testcase>` of a test: its attributes first, then its children. */
    getTestcaseData(test: Mocha.Test, err?: Error): { testcase: XmlNode[] };
    /** Writes the report of these suites, once the run ends. */
    flush(testsuites: TestSuiteNode[]): void;
  }
}
