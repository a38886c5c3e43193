// The help a person reads, for every command of whctl and wh-server, and the example lines its
// "Examples:" sections print. whctl's command tree is walked in this process, as its own help
// test does (whctl exports no module, so the tree comes from its built entry files); wh-server
// parses its arguments when loaded, so its help is read from `wh-server <command> --help`.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runNode } from '@warehouse-kit/testing';
import { SERVER_BIN } from '@warehouse-kit/testing/server';
import type { Command } from 'commander';
import { WHCTL } from './whctl.js';

export type Tool = 'whctl' | 'wh-server';

/** A command's help, by its path below the tool (`products list`; `` for the tool itself). */
export interface ToolHelp {
  tool: Tool;
  helps: Map<string, string>;
  /** The tool's own options that take a value (`--profile`, `-o`), which may stand before a command. */
  valueOptions: Set<string>;
}

export interface HelpExample {
  /** The help it is printed in, e.g. `whctl products get --help`. */
  origin: string;
  line: string;
}

/** The lines after "Examples:", each indented and starting with `$ `. */
export function examplesIn(help: string): string[] {
  const section = /\nExamples:\n((?: {2}\$ .+\n?)+)/.exec(help);
  return section
    ? section[1]!
        .trim()
        .split('\n')
        .map((line) => line.trim().slice(2))
    : [];
}

async function whctlHelp(): Promise<ToolHelp> {
  const program = pathToFileURL(join(dirname(WHCTL), '../dist/src/program.js')).href;
  const { addCommands, createProgram } = (await import(program)) as {
    createProgram: () => Command;
    addCommands: (program: Command, name: 'all') => Promise<void>;
  };
  const root = createProgram();
  await addCommands(root, 'all');
  const helps = new Map<string, string>();
  const walk = (command: Command, path: string[]) => {
    const chunks: string[] = [];
    command.configureOutput({ writeOut: (chunk) => chunks.push(chunk) });
    command.outputHelp();
    helps.set(path.join(' '), chunks.join(''));
    for (const sub of command.commands) if (sub.name() !== 'help') walk(sub, [...path, sub.name()]);
  };
  walk(root, []);
  const valueOptions = new Set(
    root.options
      .filter((option) => option.required || option.optional)
      .flatMap((option) => [option.long, option.short].filter((flag): flag is string => flag !== undefined)),
  );
  return { tool: 'whctl', helps, valueOptions };
}

async function whServerHelp(): Promise<ToolHelp> {
  const help = async (args: string[]) => {
    const run = await runNode(SERVER_BIN, [...args, '--help']);
    if (run.code !== 0) throw new Error(`wh-server ${args.join(' ')} --help failed: ${run.stderr}`);
    return run.stdout;
  };
  const root = await help([]);
  const section = /\nCommands:\n([\s\S]*?)(?:\n\n|$)/.exec(root)?.[1] ?? '';
  const names = [...section.matchAll(/^ {2}([\w-]+)/gm)].map((match) => match[1]!).filter((name) => name !== 'help');
  const helps = new Map([
    ['', root],
    ...(await Promise.all(names.map(async (name) => [name, await help([name])] as const))),
  ]);
  return { tool: 'wh-server', helps, valueOptions: new Set() };
}

export function loadHelp(): Promise<ToolHelp[]> {
  return Promise.all([whctlHelp(), whServerHelp()]);
}

/** Every example line of every help, each once, with the first help that prints it. */
export function helpExamples(tools: ToolHelp[]): HelpExample[] {
  const seen = new Map<string, HelpExample>();
  for (const { tool, helps } of tools)
    for (const [path, help] of helps)
      for (const line of examplesIn(help))
        if (!seen.has(line)) seen.set(line, { origin: `${[tool, path].filter(Boolean).join(' ')} --help`, line });
  return [...seen.values()];
}
