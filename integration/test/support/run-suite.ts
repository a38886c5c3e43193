// `whctl conformance run` as a vendor's CI runs it: a child process, its exit status, its
// output and the reports it writes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult, Verdict } from '@warehouse-kit/conformance';
import { tempDir } from '@warehouse-kit/testing';
import { WHCTL } from './whctl.js';

export interface SuiteRun {
  status: number | null;
  stdout: string;
  stderr: string;
  verdict?: Verdict;
  junit?: string;
  /** Where --report-dir pointed, for the other files it wrote (report.html). */
  reportDir: string;
  /** The result of the check with this title prefix (`name: METHOD path status`). */
  check(title: string): CheckResult;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Called once the process runs, e.g. to interrupt it. */
  started?: (child: ChildProcess) => void;
  /** Leave out --report-dir. */
  noReports?: boolean;
}

export function runSuite(args: string[], options: RunOptions = {}): Promise<SuiteRun> {
  const reportDir = tempDir('wh-conformance-report-');
  const reports = options.noReports ? [] : ['--report-dir', reportDir];
  const child = spawn(process.execPath, [WHCTL, 'conformance', ...args, ...reports], {
    env: options.env ?? process.env,
  });
  return finished(child, reportDir, options);
}

/**
 * A shell command line that runs the suite, e.g. `npm run conformance -- run ...` as the README
 * gives it, run by `sh` in `cwd` with `--report-dir` added at its end.
 */
export function runSuiteLine(line: string, cwd: string, options: RunOptions = {}): Promise<SuiteRun> {
  const reportDir = tempDir('wh-conformance-report-');
  const child = spawn('sh', ['-c', `${line} --report-dir '${reportDir}'`], { cwd, env: options.env ?? process.env });
  return finished(child, reportDir, options);
}

function finished(child: ChildProcess, reportDir: string, options: RunOptions): Promise<SuiteRun> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  options.started?.(child);
  return new Promise((resolve) => {
    child.once('close', (status) => {
      const read = (name: string) =>
        existsSync(join(reportDir, name)) ? readFileSync(join(reportDir, name), 'utf8') : undefined;
      const verdictText = read('verdict.json');
      const verdict = verdictText ? (JSON.parse(verdictText) as Verdict) : undefined;
      resolve({
        status,
        stdout,
        stderr,
        reportDir,
        ...(verdict && { verdict }),
        ...(read('junit.xml') !== undefined && { junit: read('junit.xml') }),
        check(title) {
          const found = verdict?.checks.find((check) => check.title.startsWith(title));
          if (!found) throw new Error(`no check titled ${title} in the verdict; stderr:\n${stderr}`);
          return found;
        },
      });
    });
  });
}
