import { Argument, Command } from 'commander';
import { writeText } from '../../output/write.js';
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
  .action(async (shell: 'bash' | 'zsh' | 'fish', _options: object, command: Command) => {
    // The tree this command was added to, which the entry point loads whole for it (readsTree),
    // so the script cannot drift; reading it from the parent keeps program.ts the only importer.
    const table = completionTable(command.parent!);
    const script = { bash: bashScript, zsh: zshScript, fish: fishScript }[shell];
    await writeText(process.stdout, script(table));
  });
