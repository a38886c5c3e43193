// Runs a built command (whctl, an example) as a user would: a child process with its own
// environment, stdin, stdout, stderr and exit status. Asynchronous, so that servers in the test
// process keep answering.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { tempDir } from './temp-dir.js';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Added to a clean environment (PATH, a fresh HOME and XDG_CONFIG_HOME, nothing of whctl's). */
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. */
  input?: string;
  /** Extra arguments for node itself, e.g. --import. */
  nodeArgs?: string[];
  /** The working folder; the test process's by default. */
  cwd?: string;
}

/** A fresh, empty home for one test: no config file unless the test writes one. */
export function freshHome(): string {
  return tempDir('whctl-home-');
}

/** Runs `node script ...args` in a clean environment and collects what it printed. */
export function runNode(script: string, args: string[], options: RunOptions = {}): Promise<Run> {
  return runProgram(process.execPath, [...(options.nodeArgs ?? []), script, ...args], options);
}

/** Runs a program (an installed bin, npx) in a clean environment and collects what it printed. */
export function runProgram(command: string, args: string[], options: RunOptions = {}): Promise<Run> {
  const home = freshHome();
  const env = { PATH: process.env.PATH, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), ...options.env };
  const child = spawn(command, args, { env, cwd: options.cwd });
  let stdout = '';
  let stderr = '';
  // Decoded as a stream, so that a character split between two chunks stays one character.
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(options.input ?? '');
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Parses stdout as JSON, saying what was printed when it is not. */
export function json<T = any>(run: Run): T {
  try {
    return JSON.parse(run.stdout) as T;
  } catch {
    throw new Error(`stdout is not JSON (exit ${run.code}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}
