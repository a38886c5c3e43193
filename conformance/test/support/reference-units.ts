// The API reference's markdown split the way reference/ stores it: per numbered section (the
// text before section 1 is section 0), each paragraph and list item split into sentences, each
// table body row one unit with its cells joined by ` | `. Headings, table headers and lead-ins
// that end with a colon ("Rules:") are not units.

export interface Unit {
  section: string;
  text: string;
}

export interface SplitReference {
  titles: Record<string, string>;
  units: Unit[];
}

/** Sentences of a paragraph or list item: a full stop followed by a capital, a backtick or a parenthesis starts one. */
function sentences(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .split(/(?<=\.)\s+(?=[A-Z`(])/)
    .filter((sentence) => !sentence.endsWith(':'));
}

export function splitReference(markdown: string): SplitReference {
  const titles: Record<string, string> = {};
  const units: Unit[] = [];
  let section = '0';
  let paragraph: string[] = [];
  let tableRow = 0;
  const add = (texts: string[]) => units.push(...texts.map((text) => ({ section, text })));
  const endParagraph = () => {
    if (paragraph.length) add(sentences(paragraph.join(' ')));
    paragraph = [];
  };
  for (const line of markdown.split('\n')) {
    if (line.startsWith('|')) {
      endParagraph();
      // Row 1 is the header, row 2 the separator.
      if (++tableRow > 2)
        add([
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim())
            .join(' | '),
        ]);
      continue;
    }
    tableRow = 0;
    const heading = /^#+\s+(?:(\d+(?:\.\d+)?)\.?\s+)?(.*)$/.exec(line);
    if (heading) {
      endParagraph();
      if (heading[1]) section = heading[1];
      titles[section] ??= heading[2]!.trim();
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      continue;
    }
    const item = /^\s*(?:-|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      endParagraph();
      add(sentences(item[1]!));
    } else paragraph.push(line);
  }
  endParagraph();
  return { titles, units };
}
