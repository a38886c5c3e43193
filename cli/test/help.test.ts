import { expect } from 'chai';
import type { Command } from 'commander';
import { addCommands, createProgram } from '../src/program.js';
import { whctl } from './support/whctl.js';

/** Every command of the tree with its path, `products list`, the groups included. */
function commandsOf(command: Command, path: string[] = []): { path: string; command: Command }[] {
  return command.commands.flatMap((sub) => {
    const subPath = [...path, sub.name()];
    return [{ path: subPath.join(' '), command: sub }, ...commandsOf(sub, subPath)];
  });
}

/** The help a person sees, with the texts added before and after it. */
function helpOf(command: Command): string {
  const chunks: string[] = [];
  command.configureOutput({ writeOut: (chunk) => chunks.push(chunk) });
  command.outputHelp();
  return chunks.join('');
}

describe('whctl help', () => {
  let commands: { path: string; command: Command }[];
  before(async () => {
    const program = createProgram();
    await addCommands(program, 'all');
    commands = commandsOf(program).filter(({ path }) => path !== 'help');
  });

  it('ends every command\'s help with examples that start with "whctl" and that command', () => {
    expect(commands.length).to.be.greaterThan(40);
    for (const { path, command } of commands) {
      const help = helpOf(command);
      const section = /\nExamples:\n((?: {2}\$ .+\n?)+)/.exec(help);
      expect(section, `whctl ${path} --help has no Examples section`).not.to.equal(null);
      const lines = section![1]!
        .trim()
        .split('\n')
        .map((line) => line.trim());
      // The command may follow a pipe or sit in source <(...).
      const invocation = new RegExp(`(^\\$ |\\| |<\\()whctl( --?\\S+( \\S+)?)* ${path}\\b`);
      for (const line of lines) expect(line, `whctl ${path}`).to.match(invocation);
    }
  });

  it('describes the global options once, in the root help, and names them in one line elsewhere', async () => {
    const root = await whctl(['--help']);
    expect(root.stdout)
      .to.match(/^ {2}--timeout <seconds> +give up on a request/m)
      .and.match(/^ {2}-v, --verbose +trace/m);
    for (const { path, command } of commands) {
      const help = helpOf(command);
      expect(help, `whctl ${path}`).not.to.match(/Global Options:|^ {2}--base-url <url>/m);
      expect(help, `whctl ${path}`).to.include(
        'Global options: --base-url, --location-url, --token, --profile, --extensions, -o/--output',
      );
    }
  });
});
