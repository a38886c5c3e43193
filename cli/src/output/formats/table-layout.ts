// How a table fits a terminal: which columns it keeps and how wide each is. A value is never
// cut: text wraps between words, and a column is never narrower than its longest word, so a
// time such as 2026-12-01T08:00:00-05:00 or a one-word name stays whole on one line; a word
// longer than that (a path, a JSON pointer) breaks before a `/`. When even that is too wide,
// the last columns (the least important: commands list their main fields first) are left out
// and the caller says so.

/** Padding on both sides of a cell's text. */
const PADDING = 2;
/**
 * A word longer than this does not widen its column's minimum: it is broken across lines
 * instead (compact JSON, a long field path). Date-times with a fraction (29 characters) still fit.
 */
const LONGEST_KEPT_WORD = 30;

export interface TableLayout {
  /** Indexes of the columns shown, in their order. */
  shown: number[];
  /** Their widths, padding included; absent when every shown column has its natural width. */
  widths?: number[];
}

const lines = (cell: string) => cell.split('\n');
const words = (cell: string) => cell.split(/\s+/);
const longest = (texts: string[]) => Math.max(0, ...texts.map((text) => text.length));

/**
 * Where a long word may break without cutting a name: before each `/` of a path or URL, and
 * before each `~1` of a JSON pointer (an escaped `/`), e.g. `/paths` `/~1locations` `/get`.
 */
const pieces = (word: string) => word.split(/(?<=.)(?=\/|~1)/);

/** The longest word of a cell, which decides whether it must break inside a word at `width`. */
export const longestWord = (cell: string): number => longest(words(cell));

/** The longest part of a cell that never breaks: a word, or a piece of a word longer than any kept whole. */
const longestPiece = (cell: string): number =>
  longest(words(cell).flatMap((word) => (word.length > LONGEST_KEPT_WORD ? pieces(word) : [word])));

/**
 * The cell with each word longer than `width` broken onto lines of at most `width`: at the
 * places `pieces` names, and inside a piece only where a piece alone is longer.
 */
export function breakLongWords(cell: string, width: number): string {
  const broken = (word: string) => {
    const out: string[] = [];
    let line = '';
    for (const piece of pieces(word)) {
      if (line && line.length + piece.length > width) {
        out.push(line);
        line = '';
      }
      line += piece;
      while (line.length > width) {
        out.push(line.slice(0, width));
        line = line.slice(width);
      }
    }
    return [...out, line].join('\n');
  };
  return cell.replace(/\S+/g, (word) => (word.length > width ? broken(word) : word));
}

/**
 * The layout of `rows` (the heading row included) in `terminal` characters, or unlimited when
 * undefined. With `canDrop`, columns are left out from the last one until the rest fit at their
 * minimum widths; the first column always stays.
 */
export function tableLayout(rows: string[][], terminal: number | undefined, canDrop: boolean): TableLayout {
  const columns = rows[0]?.length ?? 0;
  const all = Array.from({ length: columns }, (_, index) => index);
  const cells = (index: number) => rows.map((row) => row[index] ?? '');
  const natural = all.map((index) => longest(cells(index).flatMap(lines)) + PADDING);
  const minimum = all.map(
    (index) => Math.min(LONGEST_KEPT_WORD, Math.max(...cells(index).map(longestPiece))) + PADDING,
  );
  if (terminal === undefined) return { shown: all };
  const room = (shown: number[]) => terminal - (shown.length + 1);
  const sum = (shown: number[], width: (index: number) => number) =>
    shown.reduce((total, index) => total + width(index), 0);

  const shown = [...all];
  while (canDrop && shown.length > 1 && sum(shown, (index) => minimum[index]!) > room(shown)) shown.pop();
  if (sum(shown, (index) => natural[index]!) <= room(shown)) return { shown };
  // The widest columns give way first, each down to its minimum, so short columns keep one line
  // per value; only when the minimums cannot fit either do words break too, rather than run past
  // the terminal's edge.
  const narrowest = (floor: boolean) => {
    const width = (cap: number) => (index: number) =>
      Math.max(floor ? minimum[index]! : PADDING + 1, Math.min(natural[index]!, cap));
    let cap = Math.max(...shown.map((index) => natural[index]!));
    while (cap > PADDING + 1 && sum(shown, width(cap)) > room(shown)) cap--;
    return shown.map(width(cap));
  };
  const widths = narrowest(true);
  return { shown, widths: widths.reduce((a, b) => a + b, 0) > room(shown) ? narrowest(false) : widths };
}
