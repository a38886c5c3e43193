// The fenced blocks of a README section, so that tests use the README's own lines rather than
// copies of them that could drift apart.

export interface Fenced {
  /** The fence's info string: `sh`, `ts`, `json`. */
  lang: string;
  /** The line of the file the opening fence is on, counted from 1. */
  line: number;
  body: string;
}

/** The text of the section whose heading is `heading` (e.g. `## Install what you need`), up to the next heading of its level or above. */
export function section(markdown: string, heading: string): { text: string; line: number } {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) throw new Error(`no section "${heading}"`);
  const level = heading.indexOf(' ');
  let end = start + 1;
  // A shell comment inside a fenced block looks like a heading: fences are skipped.
  for (let fenced = false; end < lines.length; end++) {
    const line = lines[end]!;
    if (line.startsWith('```')) fenced = !fenced;
    else if (!fenced && /^#+ /.test(line) && line.indexOf(' ') <= level) break;
  }
  return { text: lines.slice(start, end).join('\n'), line: start + 1 };
}

/** The fenced blocks of `text`, in order; `firstLine` is the line of the file `text` starts on. */
export function fencedBlocks(text: string, firstLine = 1): Fenced[] {
  const blocks: Fenced[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w*)$/.exec(lines[i]!);
    if (!open) continue;
    const close = lines.indexOf('```', i + 1);
    if (close < 0) throw new Error(`line ${firstLine + i}: the block does not end`);
    blocks.push({ lang: open[1]!, line: firstLine + i, body: lines.slice(i + 1, close).join('\n') });
    i = close;
  }
  return blocks;
}

/** A sh block's commands: one per line, comments and blank lines dropped. */
export function commandsOf(block: Fenced): string[] {
  return block.body
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .filter(Boolean);
}
