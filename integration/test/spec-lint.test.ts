// The spec's linters as a contributor runs them: Redocly from the checkout's root finds the same
// ignore file as spec's own `npm run lint` (both read the root's redocly.yaml, beside which the
// file lies), and Spectral reports nothing, so no comment can describe a warning it no longer shows:
// each problem the contract means is turned off where it applies, with its reason (DECISIONS 465).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';

const bin = (name: string) => join(ROOT, 'node_modules/.bin', name);

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the spec's linters, from the root and from spec/", function () {
  this.timeout(60_000);

  for (const [where, cwd, args] of [
    ['the root', ROOT, ['lint', 'spec/openapi.yaml']],
    ['spec/, as its npm run lint runs it', join(ROOT, 'spec'), ['lint', 'openapi.yaml', '--config', '../redocly.yaml']],
  ] as const) {
    it(`Redocly, run from ${where}, ignores the two problems the ignore file gives reasons for, and finds no other`, () => {
      const { code, output } = run(bin('redocly'), [...args], cwd);
      expect(code, output).to.equal(0);
      expect(output)
        .to.include('2 problems are explicitly ignored.')
        .and.not.match(/You have \d+ warning/);
    });
  }

  it('Spectral finds no problem at all, errors or warnings, with the ruleset npm run lint uses', () => {
    const { code, output } = run(
      bin('spectral'),
      ['lint', 'spec/openapi.yaml', '--ruleset', 'spec/.spectral.yaml', '--fail-severity', 'hint'],
      ROOT,
    );
    expect(code, output).to.equal(0);
    expect(output).to.include('No results with a severity of');
  });
});
