// `wh-server start` as a child process, as an operator runs it: the tests of the command line
// and the conformance suite's runs against the reference server use it. Everything it prints
// goes to the run's log, and the tokens of its `--fixture` file are checked against it.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFixture } from '@warehouse-kit/server';
import { installedBin } from '../installed-bin.js';
import { recordFixtureTokens, runLogWriter } from './run-log.js';

/** `wh-server` as the package's `bin` names it, so tests run from any folder. */
export const SERVER_BIN = installedBin('@warehouse-kit/server', 'wh-server');

export interface ChildServer {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
}

export interface ChildServerOptions {
  /** Start it in a process group of its own, so a test can signal the group. */
  detached?: boolean;
  /** Another `wh-server` program to run, e.g. one an install put on the PATH; the workspace's by default. */
  bin?: string;
}

/**
 * Starts `wh-server start --port 0 ...args` and resolves with its port once its log says it
 * listens. It logs at debug level unless `env` says otherwise, so the run's log has every line.
 */
export function startChildServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  options: ChildServerOptions = {},
): Promise<ChildServer> {
  const fixture = args[args.indexOf('--fixture') + 1];
  if (args.includes('--fixture') && fixture) recordFixtureTokens(readFixture(fixture));
  const [command, ...bin] = options.bin ? [options.bin] : [process.execPath, SERVER_BIN];
  const child = spawn(command!, [...bin, 'start', '--port', '0', ...args], {
    env: { WH_LOG_LEVEL: 'debug', ...env },
    detached: options.detached,
  });
  let output = '';
  const log = runLogWriter(`wh-server ${child.pid}`);
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      log.write(text);
      const listening = /"msg":"listening"[^\n]*"port":(\d+)|"port":(\d+)[^\n]*"msg":"listening"/.exec(output);
      // The banner goes to stderr just before the log line goes to stdout, but the two pipes
      // are read in either order: a test reading the banner needs both.
      const banner = /^wh-server \S+ listening on /m.test(output);
      if (listening && banner) resolve({ child, port: Number(listening[1] ?? listening[2]), output: () => output });
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code, signal) => reject(new Error(`wh-server exited with ${code ?? signal}:\n${output}`)));
    child.once('close', () => log.end());
  });
}

/** SIGTERM, resolving with the exit code once everything it printed has been read. */
export function stopChildServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.stdout?.closed && (child.exitCode !== null || child.signalCode !== null)) return resolve(child.exitCode);
    child.once('close', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
