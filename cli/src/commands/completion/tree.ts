// The command tree as shell completion needs it: for each command path, the words that may
// follow it, and which options take a value (with their choices, when fixed).
import type { Command, Option } from 'commander';

export interface CompletionTable {
  /** Command path ("" for the root, "purchase-orders move") to subcommands and option flags. */
  words: Map<string, string[]>;
  /** "path flag" to the option's choices; an empty list means any value (e.g. a name). */
  values: Map<string, string[]>;
}

function flagsOf(option: Option): string[] {
  return [option.long, option.short].filter((flag): flag is string => flag !== undefined);
}

export function completionTable(root: Command): CompletionTable {
  const words = new Map<string, string[]>();
  const values = new Map<string, string[]>();
  const visit = (command: Command, path: string, inherited: readonly Option[]) => {
    const options = [...command.options, ...inherited];
    // A hidden option (a deprecated spelling) still works, but is not offered.
    const offered = options.filter((option) => !option.hidden);
    words.set(path, [...command.commands.map((sub) => sub.name()), ...offered.flatMap(flagsOf), '--help']);
    for (const option of options) {
      if (!option.required && !option.optional) continue;
      for (const flag of flagsOf(option)) values.set(`${path} ${flag}`, option.argChoices ?? []);
    }
    // --version belongs to the root alone.
    const passed = options.filter((option) => option.long !== '--version');
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name(), passed);
  };
  visit(root, '', []);
  return { words, values };
}
