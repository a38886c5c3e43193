// The shell commands the documentation prints: every ```sh, ```bash, ```shell and ```console
// block of README.md, each package's README and docs/ (a `console` block's commands are its
// `$ ` lines, the rest being what they print), with `\`-continued lines joined.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Command {
  /** The file's line the command starts on. */
  line: number;
  text: string;
}

export interface ShellBlock {
  /** Relative to the repository's root. */
  file: string;
  /** The line of its opening fence. */
  line: number;
  commands: Command[];
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console']);

/** README.md, every folder's README.md and every Markdown file below docs/. */
export function documentationFiles(root: string): string[] {
  const files = ['README.md'];
  for (const entry of readdirSync(root).sort()) {
    if (entry.startsWith('.') || entry === 'node_modules') continue;
    if (existsSync(join(root, entry, 'README.md'))) files.push(join(entry, 'README.md'));
  }
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.md')) files.push(relative(root, path));
    }
  };
  if (existsSync(join(root, 'docs'))) walk(join(root, 'docs'));
  return [...new Set(files)];
}

/** Whether a line ends inside a quoted string, which then goes on over the next line. */
function insideQuotes(text: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '#' && /\s/.test(text[i - 1] ?? ' ')) break;
  }
  return quote !== undefined;
}

export function shellBlocks(root: string, file: string): ShellBlock[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(\s*)```(\w*)\s*$/.exec(lines[i]!);
    if (!fence) continue;
    const [, indent, language] = fence;
    const end = lines.findIndex((text, j) => j > i && text.trim() === '```');
    if (end < 0) throw new Error(`${file}:${i + 1}: the block does not end`);
    if (SHELL.has(language!)) {
      const commands: Command[] = [];
      /** A command going on over the next line: after a `\`, or inside a quoted string. */
      let pending: (Command & { quoted?: boolean }) | undefined;
      for (let j = i + 1; j < end; j++) {
        let text = lines[j]!.slice(indent!.length);
        if (language === 'console' && !pending) {
          if (!text.startsWith('$ ')) continue;
          text = text.slice(2);
        }
        let command: Command = { line: j + 1, text };
        if (pending?.quoted) command = { line: pending.line, text: `${pending.text}\n${text}` };
        else if (pending) command = { line: pending.line, text: `${pending.text} ${text.trim()}` };
        pending = undefined;
        if (insideQuotes(command.text)) pending = { ...command, quoted: true };
        else if (command.text.endsWith('\\')) pending = { ...command, text: command.text.slice(0, -1).trimEnd() };
        else if (command.text.trim() && !command.text.trim().startsWith('#')) commands.push(command);
      }
      blocks.push({ file, line: i + 1, commands });
    }
    i = end;
  }
  return blocks;
}
