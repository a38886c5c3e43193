#!/usr/bin/env node
// `npm run conformance -- run --profile deployment.yaml`: the conformance command on its own.
// The only place it exits: expected failures print one line, bugs their stack (STYLE 9).
import { CommanderError } from 'commander';
import { conformanceCommand } from './command.js';
import { ConformanceError } from './errors.js';

conformanceCommand()
  .parseAsync()
  .then(
    () => process.exit(0),
    (error: unknown) => {
      // Commander has printed its own message (usage errors, --help, --version).
      if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
      if (error instanceof ConformanceError) {
        console.error(`conformance: ${error.message}`);
        process.exit(error.exitCode);
      }
      // A bug in the suite: EX_SOFTWARE, as whctl uses, so it never reads as a failed check.
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(70);
    },
  );
