// Runs printed commands as a person types them: in bash (or zsh), in a process group of its own
// as a terminal runs a job, so that a command that follows until Ctrl-C can be sent SIGINT the
// way Ctrl-C sends it.
import { spawn } from 'node:child_process';

export interface ShellRun {
  script: string;
  shell: 'bash' | 'zsh';
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Runs until interrupted: interrupt it once it says it is ready (its first output). */
  follow?: boolean;
}

export interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** For a following command: it was still running, and had said it was ready, when interrupted. */
  interrupted?: boolean;
}

// A failing command stops the script and names itself; an HTTP error fails curl as it would a
// person reading the answer.
const PRELUDE = {
  bash: `set -eo pipefail
trap 'echo "failed: $BASH_COMMAND" >&2' ERR
curl() { command curl --fail --silent --show-error "$@"; }
`,
  // The completion system a ~/.zshrc loads before whctl's script.
  zsh: 'setopt err_exit pipe_fail\nautoload -Uz compinit && compinit -u\n',
};

/** No command of the documentation takes longer; a hung one fails instead of holding up the run. */
const TIMEOUT_MS = 60_000;

export function runShell(run: ShellRun): Promise<Outcome> {
  const args = run.shell === 'zsh' ? ['-f', '-c'] : ['-c'];
  const child = spawn(run.shell, [...args, PRELUDE[run.shell] + run.script], {
    cwd: run.cwd,
    env: run.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let interrupted: boolean | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group has ended.
    }
  };
  const ready = () => {
    if (!run.follow || interrupted !== undefined) return;
    interrupted = child.exitCode === null && child.signalCode === null;
    signalGroup('SIGINT');
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    ready();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    ready();
  });
  const timer = setTimeout(() => {
    stderr += `\n(still running after ${TIMEOUT_MS / 1000} s: killed)`;
    signalGroup('SIGKILL');
  }, TIMEOUT_MS);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      // Whatever the script left running in its group goes with it.
      signalGroup('SIGKILL');
      resolve({ code, signal, stdout, stderr, ...(run.follow && { interrupted: interrupted ?? false }) });
    });
  });
}
