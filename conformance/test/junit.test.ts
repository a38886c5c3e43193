// The JUnit XML a run writes, from the reporter a run uses, on a run shaped like one: groups
// under mocha's root, a run-wide hook, a skipped check and checks --grep leaves out.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import Mocha from 'mocha';
import { combinedReporter } from '../src/reporters.js';

/** The attributes of each `<testsuite>` of the XML, in order. */
function suitesOf(xml: string): Record<string, string>[] {
  return [...xml.matchAll(/<testsuite (.*?)>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!])),
  );
}

/** Runs two groups of checks, with a root hook as a run has, and answers the JUnit XML. */
async function junitOf(options: { grep?: string; rootHookFails?: boolean } = {}): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'wh-junit-'));
  const file = join(folder, 'junit.xml');
  const mocha = new Mocha({
    reporter: combinedReporter({ console: Mocha.reporters.Base, junitFile: file, listeners: [] }),
    ...(options.grep && { grep: options.grep }),
  });
  const group = (title: string, checks: Record<string, (this: Mocha.Context) => void>) => {
    const suite = Mocha.Suite.create(mocha.suite, title);
    for (const [name, run] of Object.entries(checks)) suite.addTest(new Mocha.Test(name, run));
  };
  group('Status codes', {
    missing_token_rejected: () => {},
    wrong_token_rejected: () => {},
    read_only_write_forbidden(this: Mocha.Context) {
      this.skip();
    },
  });
  group('Pagination', { pagination_headers_consistent: () => {} });
  mocha.suite.afterAll('clean up what the run created', () => {
    if (options.rootHookFails) throw new Error('could not undo');
  });
  await new Promise<void>((resolve) => mocha.run(() => resolve()));
  try {
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(folder, { recursive: true });
  }
}

describe('the JUnit XML of a run', () => {
  it('has a suite per group that ran, each counting the test cases it holds, and no empty suite for the root', async () => {
    const xml = await junitOf();
    expect(suitesOf(xml).map(({ name, tests, skipped }) => ({ name, tests, skipped }))).to.deep.equal([
      { name: 'Conformance.Status codes', tests: '3', skipped: '1' },
      { name: 'Conformance.Pagination', tests: '1', skipped: undefined },
    ]);
    expect(xml).to.match(/<testsuites name="Warehouse API conformance" [^>]*tests="4"/);
  });

  it('counts only the checks --grep ran, and leaves out a group it ran none of', async () => {
    const suites = suitesOf(await junitOf({ grep: 'token_rejected' }));
    expect(suites.map(({ name, tests }) => ({ name, tests }))).to.deep.equal([
      { name: 'Conformance.Status codes', tests: '2' },
    ]);
  });

  it('keeps a failing run-wide hook, in a suite with a name', async () => {
    const xml = await junitOf({ rootHookFails: true });
    expect(xml).to.include('could not undo');
    for (const suite of suitesOf(xml)) {
      expect(suite.name).not.to.equal('');
      expect(suite.tests).not.to.equal('0');
    }
  });
});
