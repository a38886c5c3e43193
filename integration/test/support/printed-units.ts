// The commands printed for a person to copy, as units the test runs: each example line of
// whctl's and wh-server's help on its own; each shell block of the documentation as one script,
// as a person types it, after the plain assignments of the blocks before it in the same file;
// and each command that follows until Ctrl-C (or runs in zsh) on its own.

import type { HelpExample, ToolHelp } from './help-examples.js';
import type { ShellBlock } from './markdown-commands.js';
import { type Effect, effectOf, followsUntilInterrupted, parseLine, type ShellLine } from './shell-line.js';

/** What a unit does to the deployment, or that it follows until interrupted. */
export type Kind = Effect | 'follows';

export interface Unit {
  title: string;
  script: string;
  kind: Kind;
  shell: 'bash' | 'zsh';
  /** The documentation's, run from a copy of the checkout's root; help examples run in a bare folder. */
  checkout: boolean;
  /** Files its output is redirected to. */
  outputFiles: string[];
}

/** A line left out, with why. */
export interface LeftOut {
  where: string;
  text: string;
  why: string;
}

/** A line for zsh: whctl's zsh completion, sourced as ~/.zshrc does after compinit. */
const forZsh = (line: ShellLine) => /\bsource\b.*\bcompletion zsh\b/.test(line.code);

/** `base=...`, `export WHCTL_TOKEN=...`: a line that only sets variables, from nothing it runs. */
const plainAssignment = (line: ShellLine) =>
  line.invocations.every((invocation) => invocation.program === 'export') && !/\$\(|`/.test(line.code);

export function printedUnits(
  tools: ToolHelp[],
  help: HelpExample[],
  documentation: ShellBlock[],
  notRun: (line: ShellLine) => string | undefined,
): { units: Unit[]; leftOut: LeftOut[] } {
  const kindOf = (lines: ShellLine[]): Kind => {
    if (lines.some((line) => followsUntilInterrupted(line, tools))) return 'follows';
    const effects = lines.map((line) => effectOf(line, tools));
    return effects.includes('changes') ? 'changes' : effects.includes('reads') ? 'reads' : 'local';
  };
  const alone = (title: string, script: string, line: ShellLine, checkout: boolean): Unit => ({
    title,
    script,
    kind: kindOf([line]),
    shell: forZsh(line) ? 'zsh' : 'bash',
    checkout,
    outputFiles: line.outputFiles,
  });
  const units: Unit[] = [];
  const leftOut: LeftOut[] = [];

  for (const { origin, line } of help) {
    const parsed = parseLine(line);
    const why = notRun(parsed);
    if (why) leftOut.push({ where: origin, text: line, why });
    else units.push(alone(`${origin}: ${line}`, line, parsed, false));
  }

  /** The plain assignments of each file's blocks so far, which a reader has set. */
  const assigned = new Map<string, string[]>();
  for (const block of documentation) {
    const set = assigned.get(block.file) ?? [];
    assigned.set(block.file, set);
    const setBefore = [...set];
    const script: { text: string; line: ShellLine }[] = [];
    for (const command of block.commands) {
      const line = parseLine(command.text);
      const why = notRun(line);
      if (why) leftOut.push({ where: `${block.file}:${command.line}`, text: command.text, why });
      else if (followsUntilInterrupted(line, tools) || forZsh(line))
        units.push(alone(`${block.file}:${command.line}: ${line.code}`, [...set, command.text].join('\n'), line, true));
      else {
        script.push({ text: command.text, line });
        if (plainAssignment(line)) set.push(command.text);
      }
    }
    if (script.some(({ line }) => !plainAssignment(line)))
      units.push({
        title: `${block.file}:${block.line}: ${script.map(({ line }) => line.code).join('; ')}`,
        script: [...setBefore, ...script.map(({ text }) => text)].join('\n'),
        kind: kindOf(script.map(({ line }) => line)),
        shell: 'bash',
        checkout: true,
        outputFiles: script.flatMap(({ line }) => line.outputFiles),
      });
  }
  return { units, leftOut };
}
