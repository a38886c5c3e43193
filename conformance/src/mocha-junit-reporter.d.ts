// mocha-junit-reporter ships no types; it is a mocha reporter class like the built-in ones.
declare module 'mocha-junit-reporter' {
  import type Mocha from 'mocha';

  export default class MochaJUnitReporter extends Mocha.reporters.Base {
    constructor(runner: Mocha.Runner, options?: { reporterOptions?: Record<string, unknown> });
  }
}
