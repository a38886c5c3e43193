import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '@warehouse-kit/testing';
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

  it('offers the conformance file option by its name, not the deprecated spelling, and files after it', () => {
    const offered = complete('conformance', 'run', '-');
    expect(offered).to.include.members(['--deployment', '-d', '--profile']);
    // --profile is whctl's global option (a config profile); the old -p is not offered.
    expect(offered.filter((word) => word === '--profile')).to.have.length(1);
    expect(offered).not.to.include('-p');
    expect(complete('conformance', 'run', '--deployment', '')).to.deep.equal([]);
  });

  it('completes the choices of an option, whatever the command', () => {
    expect(complete('locations', 'list', '-o', '')).to.deep.equal(['table', 'json', 'ndjson', 'csv', 'yaml']);
    expect(complete('companies', 'list', '--type', 'c')).to.deep.equal(['customer', 'carrier']);
    expect(complete('appointments', 'create', '--type', '')).to.deep.equal(['delivery', 'pickup']);
  });

  it('offers nothing of its own after an option that takes any value, leaving bash to complete file names', () => {
    expect(complete('purchase-orders', 'move', '--to', '')).to.deep.equal([]);
  });

  it('refuses a shell it has no script for with exit 2', async () => {
    const run = await whctl(['completion', 'powershell']);
    expect(run.code).to.equal(2);
    expect(run.stderr).to.include('Allowed choices are bash, zsh, fish');
  });
});

/** Whether a shell is installed; CI installs zsh and fish from Debian's packages where it can. */
const installed = (shell: string) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

/** The same completion cases, run through each shell's own script. */
function behavesLikeBash(complete: (...words: string[]) => string[]): void {
  it('completes command groups, subcommands, options after option values and IDs, and option choices', () => {
    expect(complete('p')).to.have.members(['products', 'purchase-orders', 'product-limits']);
    expect(complete('purchase-orders', 'u')).to.have.members(['update', 'unassign']);
    expect(complete('--output', 'json', 'purchase-orders', 'move', '42', '--')).to.include.members([
      '--to',
      '--po-number',
      '--base-url',
      '--timeout',
    ]);
    expect(complete('locations', 'list', '-o', '')).to.have.members(['table', 'json', 'ndjson', 'csv', 'yaml']);
    expect(complete('companies', 'list', '--type', 'c')).to.have.members(['customer', 'carrier']);
  });
}

describe('whctl completion in zsh', () => {
  let script: string;
  before(async function () {
    if (!installed('zsh')) this.skip(); // zsh is not installed here (apt-get install zsh)
    script = join(tempDir('whctl-completion-'), '_whctl');
    writeFileSync(script, (await whctl(['completion', 'zsh'])).stdout);
  });

  /**
   * Runs the script's _whctl as zsh's completion system would call it, with the completion builtins it
   * calls replaced by ones that print what they were given (they only work inside a completion widget).
   */
  function complete(...words: string[]): string[] {
    const typed = ['whctl', ...words].map((word) => `'${word}'`).join(' ');
    const program =
      'compdef() { :; }; compadd() { while [[ $1 != -- ]]; do shift; done; shift; print -l -- "$@"; }; ' +
      `_files() { print -- '<files>'; }; source '${script}'; words=(${typed}); CURRENT=${words.length + 1}; _whctl`;
    const result = spawnSync('zsh', ['-f', '-c', program], { encoding: 'utf8' });
    expect(result.status, result.stderr).to.equal(0);
    // compadd is given every candidate; zsh itself keeps those matching the word typed so far.
    const typedSoFar = words.at(-1) ?? '';
    return result.stdout.split('\n').filter((word) => word !== '' && word.startsWith(typedSoFar));
  }

  behavesLikeBash(complete);

  it('leaves file names to zsh after an option that takes any value', () => {
    expect(complete('purchase-orders', 'move', '--to', '')).to.deep.equal(['<files>']);
  });

  it('registers itself with compdef when sourced', () => {
    const sourced = spawnSync('zsh', ['-f', '-c', `compdef() { print -- "compdef $*"; }; source '${script}'`], {
      encoding: 'utf8',
    });
    expect(sourced.stdout).to.equal('compdef _whctl whctl\n');
  });
});

describe('whctl completion in fish', () => {
  let script: string;
  before(async function () {
    if (!installed('fish')) this.skip(); // fish is not installed here (apt-get install fish)
    script = join(tempDir('whctl-completion-'), 'whctl.fish');
    writeFileSync(script, (await whctl(['completion', 'fish'])).stdout);
  });

  /** What fish offers for the command line typed so far (`complete -C`), as a person pressing tab sees. */
  function complete(...words: string[]): string[] {
    const line = ['whctl', ...words].join(' ');
    const result = spawnSync('fish', ['--no-config', '-c', `source '${script}'; complete -C '${line}'`], {
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).to.equal(0);
    return result.stdout.split('\n').filter(Boolean);
  }

  behavesLikeBash(complete);

  it('offers file names after an option that takes any value', () => {
    const folder = tempDir('whctl-fish-');
    writeFileSync(join(folder, 'orders.csv'), '');
    expect(complete('purchase-orders', 'import', '--format', '')).to.have.members(['csv', 'ndjson']);
    expect(complete('purchase-orders', 'move', '--to', `${folder}/ord`)).to.deep.equal([`${folder}/orders.csv`]);
  });
});
