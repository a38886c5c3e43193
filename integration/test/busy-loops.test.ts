// The CI step that shows the tests wait on state, not time (issue 48): `.ci/run` runs the Node 22
// step, which runs most of the suite, beside two busy loops that `.ci/beside-busy-loops` starts
// and stops. This file holds that arrangement to what it says.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually } from '@warehouse-kit/testing';
import { expect } from 'chai';
import { ROOT } from '../src/workspace.js';

const SCRIPT = join(ROOT, '.ci/beside-busy-loops');

/** What a process runs, from /proc; undefined once it is gone (or only a zombie is left). */
function commandLine(pid: string): string | undefined {
  if (!existsSync(`/proc/${pid}/cmdline`)) return undefined;
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim() || undefined;
}

describe('the CI step beside two busy loops', () => {
  it('is the Node 22 step of .ci/run', () => {
    const steps = readFileSync(join(ROOT, '.ci/run'), 'utf8')
      .split('\n')
      .filter((line) => /^\S/.test(line) && !line.startsWith('#'));
    expect(steps).to.include('bash .ci/beside-busy-loops npm run test:node22');
  });

  it('runs the command while two busy loops run, then stops them, with the exit status of the command', async () => {
    // The command looks at the loops while it runs, and exits 3.
    const look = `for pid in $WH_BUSY_LOOPS; do tr '\\0' ' ' < /proc/$pid/cmdline; echo; done; exit 3`;
    const run = spawnSync('bash', [SCRIPT, 'sh', '-c', look], { encoding: 'utf8' });
    expect(run.status, run.stderr).to.equal(3);
    const pids = /processes (\d+) (\d+)\)/.exec(run.stderr)?.slice(1) ?? [];
    expect(pids, run.stderr).to.have.length(2);
    expect(
      run.stdout
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    ).to.deep.equal(['node -e for (;;);', 'node -e for (;;);']);
    for (const pid of pids) await eventually(`busy loop ${pid} stopped`, async () => !commandLine(pid) || undefined);
  });

  it('refuses to run without a command', () => {
    const run = spawnSync('bash', [SCRIPT], { encoding: 'utf8' });
    expect(run.status).to.equal(2);
    expect(run.stderr).to.include('usage: .ci/beside-busy-loops <command>');
  });
});
