// What the repository's prose points at must be in the repository: a fresh clone is all a reader
// has. Prose is a Markdown file's text, a YAML file's text (the spec's descriptions) and a
// source file's comments. It may not cite a numbered rule of a style guide kept elsewhere
// ("STYLE 12": say the reason itself), and a relative path it names (`../x/y.md`) must lead, from
// the file's folder, to a file or folder of the repository (so no `../shared/...` beside the
// checkout). Links of Markdown files are checked, anchors included, by `checkLinks`.

export interface OutsideReference {
  /** The file, relative to the root. */
  file: string;
  /** Its line, counted from 1. */
  line: number;
  text: string;
  why: string;
}

/** A numbered rule of a style guide the repository does not hold. */
const STYLE_CITATION = /\bSTYLE \d+/g;
/** A relative path going up (`../shared/api-reference.md`), not `.../x` nor `a/../b`. */
const UP_PATH = /(?<![\w./-])(?:\.\.\/)+[\w@.-]+(?:\/[\w@.-]+)*\/?/g;
const SOURCE = /\.(ts|js|mjs|cjs)$/;

/**
 * The comments of a JavaScript or TypeScript source as text of the same length, everything else
 * blanked (newlines kept), so that positions and lines stay those of the file. A `//` after a
 * colon is a URL's, not a comment; string literals are skipped so that `'a/*'` opens nothing.
 */
export function commentsOf(source: string): string {
  const kept: string[] = source.split('').map((char) => (char === '\n' ? '\n' : ' '));
  let i = 0;
  while (i < source.length) {
    const char = source[i];
    if (char === "'" || char === '"' || char === '`') {
      for (i++; i < source.length && source[i] !== char && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
      i++;
    } else if (char === '/' && source[i + 1] === '/' && source[i - 1] !== ':') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? source.length : end;
      for (; i < stop; i++) kept[i] = source[i]!;
    } else if (char === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      for (; i < stop; i++) kept[i] = source[i]!;
    } else i++;
  }
  return kept.join('');
}

/** The references of `file` (its text `text`) to what is outside the repository `tracked` lists. */
export function outsideReferences(file: string, text: string, tracked: Set<string>): OutsideReference[] {
  const prose = SOURCE.test(file) ? commentsOf(text) : text;
  const lineOf = (at: number) => prose.slice(0, at).split('\n').length;
  const found: OutsideReference[] = [];
  for (const match of prose.matchAll(STYLE_CITATION))
    found.push({ file, line: lineOf(match.index), text: match[0], why: 'cites a style guide the repository lacks' });
  const folder = file.split('/').slice(0, -1);
  for (const match of prose.matchAll(UP_PATH)) {
    const parts = [...folder];
    let outside = false;
    for (const part of match[0].replace(/\/$/, '').split('/')) {
      if (part === '..') outside ||= parts.pop() === undefined;
      else parts.push(part);
    }
    const target = parts.join('/');
    if (outside || !tracked.has(target))
      found.push({
        file,
        line: lineOf(match.index),
        text: match[0],
        why: outside ? 'leads outside the repository' : `${target} is not a file or folder of the repository`,
      });
  }
  return found;
}

/** The tracked files and every folder holding one, as paths from the root. */
export function filesAndFolders(tracked: string[]): Set<string> {
  const all = new Set(tracked);
  for (const path of tracked) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) all.add(parts.slice(0, i).join('/'));
  }
  return all;
}
