import { Argument, Command } from 'commander';
import { writeText } from '../../output/write.js';
import { addCommands, createProgram } from '../../program.js';
import { examples } from '../shared/examples.js';
import { bashScript, fishScript, zshScript } from './script.js';
import { completionTable } from './tree.js';

export const completion = new Command('completion')
  .description('print a completion script for bash, zsh or fish')
  .addArgument(new Argument('<shell>', 'the shell').choices(['bash', 'zsh', 'fish']))
  .addHelpText(
    'after',
    '\nbash: source <(whctl completion bash)\nzsh:  source <(whctl completion zsh)   (after compinit)' +
      '\nfish: whctl completion fish | source',
  )
  .addHelpText(
    'after',
    examples(
      'source <(whctl completion bash)',
      'source <(whctl completion zsh)',
      'whctl completion fish > ~/.config/fish/completions/whctl.fish',
    ),
  )
  .action(async (shell: 'bash' | 'zsh' | 'fish') => {
    // The whole tree, assembled as the entry point assembles it, so the script cannot drift.
    const program = createProgram();
    await addCommands(program, 'all');
    const table = completionTable(program);
    const script = { bash: bashScript, zsh: zshScript, fish: fishScript }[shell];
    await writeText(process.stdout, script(table));
  });
