// spec/DECISIONS.md read as data: its numbered entries, its index by topic, and the numbers the
// rest of the repository cites ("DECISIONS 305", "decision 91", "spec/DECISIONS.md 140–142",
// "decisions 3, 38 and 92"), so a test can tell that every citation names an entry and every
// entry is in the index.

/** The numbers of the entries, in the order they are written: each `N. **Title**` at a line's start. */
export function entryNumbers(markdown: string): number[] {
  return [...markdown.matchAll(/^(\d+)\. \*\*/gm)].map((match) => Number(match[1]));
}

/** `3`, `110–129` (or `110-129`): the numbers a citation or an index cell names, ranges whole. */
function numbersOf(list: string): number[] {
  return list.split(/\s*(?:,|\band\b|\bor\b)\s*/).flatMap((part) => {
    const range = /^(\d+)\s*[–-]\s*(\d+)$/.exec(part.trim());
    if (!range) return /^\d+$/.test(part.trim()) ? [Number(part)] : [];
    const [from, to] = [Number(range[1]), Number(range[2])];
    return Array.from({ length: Math.max(to - from + 1, 0) }, (_, i) => from + i);
  });
}

/** The index by topic: each row's topic and the entries its last cell lists. */
export function indexByTopic(markdown: string): { topic: string; numbers: number[] }[] {
  const start = markdown.indexOf('\n## Index by topic\n');
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((line) => /^\|.*\|\s*\d[\d–, -]*\|$/.test(line))
    .map((line) => {
      const cells = line.split('|').slice(1, -1);
      return { topic: cells[0]!.trim(), numbers: numbersOf(cells.at(-1)!) };
    });
}

export interface Citation {
  /** The file citing, relative to the root. */
  file: string;
  line: number;
  text: string;
  /** The entries it names; a range names its two ends. */
  numbers: number[];
}

const CITATION =
  /\b(?:DECISIONS(?:\.md)?|[Dd]ecisions?)\s+(\d+(?:\s*[–-]\s*\d+)?(?:(?:\s*,\s*|\s+and\s+|\s+or\s+)\d+(?:\s*[–-]\s*\d+)?)*)/g;

/** The citations of entries in `text`, the content of `file`. A range cites its ends: entries between may be unused numbers. */
export function citations(file: string, text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
    text: match[0],
    numbers: match[1]!.split(/\s*(?:,|\band\b|\bor\b)\s*/).flatMap((part) => part.split(/\s*[–-]\s*/).map(Number)),
  }));
}
