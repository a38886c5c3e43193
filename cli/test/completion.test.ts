import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/test-support';
import { expect } from 'chai';
import { whctl } from './support/whctl.js';

describe('whctl completion', () => {
  let script: string;
  before(async () => {
    const run = await whctl(['completion', 'bash']);
    expect(run.code, run.stderr).to.equal(0);
    script = join(tempDir('whctl-completion-'), 'whctl.bash');
    writeFileSync(script, run.stdout);
  });

  /** What bash offers after the typed words; the last word is the one being completed. */
  function complete(...words: string[]): string[] {
    const line = ['whctl', ...words].map((word) => `'${word}'`).join(' ');
    const program =
      `source '${script}'; COMP_WORDS=(${line}); COMP_CWORD=${words.length}; ` +
      `_whctl; printf '%s\\n' "\${COMPREPLY[@]}"`;
    const result = spawnSync('bash', ['-c', program], { encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    return result.stdout.split('\n').filter(Boolean);
  }

  it('completes command groups at the top level', () => {
    expect(complete('p')).to.deep.equal(['products', 'purchase-orders', 'product-limits']);
  });

  it('completes the subcommands of a group', () => {
    expect(complete('purchase-orders', '')).to.include.members([
      'list',
      'assign',
      'move',
      'unassign',
      'booked',
      'import',
    ]);
    expect(complete('purchase-orders', 'u')).to.deep.equal(['update', 'unassign']);
  });

  it("completes a command's own options and the global ones, past option values and IDs", () => {
    const offered = complete('--output', 'json', 'purchase-orders', 'move', '42', '--');
    expect(offered).to.include.members(['--to', '--po-number', '--base-url', '--quiet', '--help']);
    expect(offered).not.to.include('--version');
  });

  it('completes the choices of an option, whatever the command', () => {
    expect(complete('locations', 'list', '-o', '')).to.deep.equal(['table', 'json', 'ndjson', 'csv', 'yaml']);
    expect(complete('companies', 'list', '--type', 'c')).to.deep.equal(['customer', 'carrier']);
    expect(complete('appointments', 'create', '--type', '')).to.deep.equal(['delivery', 'pickup']);
  });

  it('offers nothing of its own after an option that takes any value, leaving bash to complete file names', () => {
    expect(complete('purchase-orders', 'move', '--to', '')).to.deep.equal([]);
  });

  it('prints a zsh script that registers the same table with compdef', async () => {
    const run = await whctl(['completion', 'zsh']);
    expect(run.code).to.equal(0);
    expect(run.stdout)
      .to.match(/^#compdef whctl\n/)
      .and.include('compdef _whctl whctl')
      .and.match(/'purchase-orders move'\) echo '[^']*--to /);
    // The table functions are shared; bash can at least check they parse.
    const syntax = spawnSync('bash', ['-n'], { input: run.stdout.split('\n_whctl() {')[0], encoding: 'utf8' });
    expect(syntax.status, syntax.stderr).to.equal(0);
  });

  it('refuses a shell it has no script for with exit 2', async () => {
    const run = await whctl(['completion', 'fish']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('Allowed choices are bash, zsh');
  });
});
