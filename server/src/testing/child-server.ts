// `wh-server start` as a child process, as an operator runs it: the tests of the command line
// and the conformance suite's runs against the reference server use it.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `wh-server` entry, found from this module so tests run from any folder. */
export const SERVER_BIN = fileURLToPath(new URL('../main.js', import.meta.url));

export interface ChildServer {
  child: ChildProcess;
  port: number;
  /** Everything the process printed so far. */
  output(): string;
}

/** Starts `wh-server start --port 0 ...args` and resolves with its port once the banner says it listens. */
export function startChildServer(args: string[], env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const child = spawn(process.execPath, [SERVER_BIN, 'start', '--port', '0', ...args], { env });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on port (\d+)/.exec(output);
      if (match) resolve({ child, port: Number(match[1]), output: () => output });
    });
    child.once('exit', (code) => reject(new Error(`wh-server exited with ${code}:\n${output}`)));
  });
}

/** SIGTERM, resolving with the exit code. */
export function stopChildServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}
