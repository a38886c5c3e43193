// What a printed shell line does: the programs it starts (pipelines, lists, $( ) and <( )
// included), the files it writes with `>`, and whether it leaves the deployment as it was.
import type { ToolHelp } from './help-examples.js';

/** One program a line starts, with its words (quotes removed; a substitution is one word, `$(…)`). */
export interface Invocation {
  program: string;
  words: string[];
}

export interface ShellLine {
  /** The line without its comment. */
  code: string;
  invocations: Invocation[];
  /** The files its output goes to (`> file`). */
  outputFiles: string[];
}

/** Splits a line as bash would into the programs it runs, closely enough to tell what they are. */
export function parseLine(line: string): ShellLine {
  const invocations: Invocation[] = [];
  const outputFiles: string[] = [];
  let i = 0;
  let code = line;
  /** Reads one list of commands up to the end of the line, or the `)` closing a substitution. */
  const list = (nested: boolean): void => {
    let words: string[] = [];
    let word = '';
    let inWord = false;
    let quote: string | undefined;
    let redirect: 'out' | 'in' | undefined;
    const endWord = () => {
      if (inWord && redirect === 'out') outputFiles.push(word);
      else if (inWord && !redirect) words.push(word);
      if (inWord) redirect = undefined;
      word = '';
      inWord = false;
    };
    const endCommand = () => {
      endWord();
      // Assignments before a command are its environment; a line of them alone starts nothing.
      while (words.length && /^\w+=/.test(words[0]!)) words.shift();
      if (words.length) invocations.push({ program: words[0]!, words: words.slice(1) });
      words = [];
    };
    for (; i < line.length; i++) {
      const c = line[i]!;
      if (quote === "'") {
        if (c === "'") quote = undefined;
        else word += c;
      } else if (c === '\\') {
        word += line[++i] ?? '';
        inWord = true;
      } else if ((c === '$' || (c === '<' && !quote)) && line[i + 1] === '(') {
        i += 2;
        list(true);
        word += '$(…)';
        inWord = true;
      } else if (quote === '"') {
        if (c === '"') quote = undefined;
        else word += c;
      } else if (c === "'" || c === '"') {
        quote = c;
        inWord = true;
      } else if (c === ')' && nested) {
        endCommand();
        return;
      } else if (c === '#' && !inWord) {
        code = line.slice(0, i).trimEnd();
        i = line.length;
        break;
      } else if (c === '>' || c === '<') {
        // `2>`, `>>`, `>&2` and `&>` are still redirections of this command.
        if (/^\d$/.test(word)) inWord = false;
        endWord();
        while (line[i + 1] === '>' || line[i + 1] === '&') i++;
        if (/\d/.test(line[i + 1] ?? '') && line[i] === '&') i++;
        redirect = c === '>' ? 'out' : 'in';
      } else if (c === '|' || c === ';' || c === '&') {
        endCommand();
        if (line[i + 1] === c) i++;
      } else if (/\s/.test(c)) {
        endWord();
      } else {
        word += c;
        inWord = true;
      }
    }
    endCommand();
  };
  list(false);
  for (const invocation of invocations)
    if (invocation.program === 'npx') {
      // npx's own options, then the program it runs.
      const at = invocation.words.findIndex((word) => !word.startsWith('-'));
      invocation.program = invocation.words[at] ?? 'npx';
      invocation.words = invocation.words.slice(at + 1);
    }
  return { code, invocations, outputFiles };
}

/** A tool's command a line names: its path below the tool (`products list`) and the words after it. */
export function commandOf(tool: ToolHelp, words: string[]): { path: string; help: string; rest: string[] } {
  let at = 0;
  while (words[at]?.startsWith('-')) at += tool.valueOptions.has(words[at]!) ? 2 : 1;
  let path = '';
  for (; at < words.length; at++) {
    const longer = [path, words[at]].filter(Boolean).join(' ');
    if (!tool.helps.has(longer)) break;
    path = longer;
  }
  return { path, help: tool.helps.get(path)!, rest: words.slice(at) };
}

/** What a command does: changes the deployment, reads it and prints the answer, or makes files of this machine. */
export type Effect = 'local' | 'reads' | 'changes';

const EFFECTS: Effect[] = ['local', 'reads', 'changes'];

/**
 * whctl commands that read the deployment and print the answer, and those whose work is a file
 * of this machine (the config, a profile written from what the deployment lists).
 */
const WHCTL_READS =
  /^(|[\w-]+ (list|get|booked|deliveries)|events [\w-]+|listen|config (get|list)|conformance list|contract diff)$/;
const WHCTL_LOCAL = /^(config (set|use)|completion|conformance init)$/;

/** `whctl api` reads with GET: no -X (or -X GET) and nothing to send, or --paginate. */
function apiReads(words: string[]): boolean {
  const method = words.findIndex((word) => word === '-X' || word === '--method');
  if (method >= 0) return words[method + 1]?.toUpperCase() === 'GET';
  return words.includes('--paginate') || !words.some((word) => /^(-f|-F|--raw-field|--field|-d|--data)$/.test(word));
}

/** curl sends a GET unless told to send something else. */
const curlReads = (words: string[]) =>
  !words.some((word) => /^(-X|--request|-d|--data.*|-F|--form|-T|--upload-file)$/.test(word));

/** Programs a printed line runs around the tools, which touch nothing but files of this machine. */
const SHELL_UTILITIES = new Set([
  'cat',
  'echo',
  'export',
  'grep',
  'head',
  'jq',
  'printf',
  'sort',
  'source',
  'tail',
  'wc',
]);

function effectOfInvocation({ program, words }: Invocation, tools: ToolHelp[]): Effect {
  const tool = tools.find((candidate) => candidate.tool === program);
  if (tool?.tool === 'whctl') {
    const { path, rest } = commandOf(tool, words);
    if (path === 'api') return apiReads(rest) ? 'reads' : 'changes';
    return WHCTL_READS.test(path) ? 'reads' : WHCTL_LOCAL.test(path) ? 'local' : 'changes';
  }
  if (tool?.tool === 'wh-server') return ['', 'profile'].includes(commandOf(tool, words).path) ? 'reads' : 'changes';
  if (program === 'curl') return curlReads(words) ? 'reads' : 'changes';
  return SHELL_UTILITIES.has(program) ? 'local' : 'changes';
}

/**
 * The most a line does: a program not known to leave the deployment as it was counts as changing
 * it, so at worst a reading line runs alone where it could have run alongside others.
 */
export function effectOf(line: ShellLine, tools: ToolHelp[]): Effect {
  const effects = line.invocations.map((invocation) => EFFECTS.indexOf(effectOfInvocation(invocation, tools)));
  return EFFECTS[Math.max(0, ...effects)]!;
}

const FOLLOWS = /\buntil Ctrl-C\b|\bCtrl-C\b[^.]*\bstops it,? with status 0\b/;

/**
 * Whether the line runs until interrupted: a command (not a group) whose help says it runs until
 * Ctrl-C, or that Ctrl-C stops it with status 0, its normal end (an import that Ctrl-C cuts
 * short ends with 130 and is not one).
 */
export function followsUntilInterrupted(line: ShellLine, tools: ToolHelp[]): boolean {
  return line.invocations.some(({ program, words }) => {
    const tool = tools.find((candidate) => candidate.tool === program);
    if (!tool) return false;
    const { path, help } = commandOf(tool, words);
    const group = [...tool.helps.keys()].some((other) => other.startsWith(`${path} `));
    return path !== '' && !group && FOLLOWS.test(help.replace(/\s+/g, ' '));
  });
}
