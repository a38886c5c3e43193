// whctl's entry point, which bin/whctl.js runs: assembles the root command, loads the one command
// the arguments name, runs it, and turns every failure it expects into a message and an exit
// status. What it does not recognise (a bug, or a module a broken install lacks) it throws on
// to bin/whctl.js, which can report it even when this module's own imports cannot load.
import { CommanderError } from 'commander';
import { addressArgument } from './address-argument.js';
import { ExitCode } from './errors.js';
import { addCommands, commandName, createProgram } from './program.js';

/** Exits once everything written to stdout has been handed to the system, so piped output is complete. */
function exit(code: number): void {
  process.stdout.write('', () => process.exit(code));
}

// `whctl ... | head` closes the pipe early; that is the reader's choice, not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  process.exit(error.code === 'EPIPE' ? 0 : 1);
});

/** The exit status for a failure whctl expects; anything else is thrown on to bin/whctl.js. */
async function exitCodeOf(error: unknown): Promise<number> {
  if (error instanceof CommanderError && error.code === 'commander.version') {
    // Commander has printed the kit's version; with an address, the deployment's follows.
    const address = addressArgument(process.argv.slice(2));
    if (address === undefined) return ExitCode.success;
    const { deploymentVersionLine } = await import('./deployment-version.js');
    try {
      process.stdout.write(`${await deploymentVersionLine(address)}\n`);
      return ExitCode.success;
    } catch (failure) {
      return exitCodeOf(failure);
    }
  }
  // Commander has printed the help or its one-line usage error.
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.success : ExitCode.usage;
  // Loaded only on failure: it brings in the SDK's error classes.
  const { report } = await import('./report-failure.js');
  const code = await report(error, process.stderr);
  if (code === undefined) throw error;
  return code;
}

const program = createProgram();
try {
  const args = process.argv.slice(2);
  await addCommands(program, commandName(program, args));
  await program.parseAsync(args, { from: 'user' });
  exit(0);
} catch (error) {
  exit(await exitCodeOf(error));
}
