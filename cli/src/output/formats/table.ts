// Tables for a person at a terminal: a list as rows under a header, one record as field and
// value pairs. A table's column widths depend on every row, so a list is rendered at its end.
import Table from 'cli-table3';
import { cellText, columnsOf, type Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../format.js';
import { writeText } from '../write.js';
import { breakLongWords, longestWord, tableLayout } from './table-layout.js';

type Stream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

// Bold headings on a terminal only; no lines between rows, so more rows fit on a screen.
const styleFor = (stream: Stream) => ({ head: stream.isTTY ? ['bold'] : [], border: [] as string[] });
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

/** The width of a terminal that reports none (0 columns: some emulators, a pty without a size). */
const FALLBACK_WIDTH = 80;

/**
 * The width to fit: COLUMNS when it is set, as most command-line tools honour it, else the
 * terminal's. A table is for a person, so one asked for elsewhere (`-o table` into a file or a
 * pager) fits 80 columns too, as on a terminal that reports no width (DECISIONS 469). A width of
 * 0, from either, is unknown, not a terminal one letter wide.
 */
function widthFor(stream: Stream): number {
  const columns = process.env.COLUMNS?.trim();
  if (columns && /^\d+$/.test(columns)) return Number(columns) || FALLBACK_WIDTH;
  return (stream.isTTY && stream.columns) || FALLBACK_WIDTH;
}

/** A rule under the heading, drawn like the top border: `├──┼──┤` under `┌──┬──┐`. */
function underHeading(text: string, headingLines: number): string {
  const lines = text.split('\n');
  const rule = lines[0]!.replace('┌', '├').replaceAll('┬', '┼').replace('┐', '┤');
  lines.splice(1 + headingLines, 0, rule);
  return lines.join('\n');
}

/** The table's text and the headings of the columns it left out to fit. */
function render(stream: Stream, head: string[] | undefined, rows: string[][]): { text: string; dropped: string[] } {
  const terminal = widthFor(stream);
  const { shown, widths } = tableLayout(head ? [head, ...rows] : rows, terminal, head !== undefined);
  const pick = (row: string[]) => shown.map((index) => row[index]!);
  // A word longer than its column (only when nothing else fits) breaks before a `/`, else inside it, never cut.
  const cell = (text: string, position: number) =>
    widths && longestWord(text) > widths[position]! - 2 ? breakLongWords(text, widths[position]! - 2) : text;
  const headings = head && pick(head).map(cell);
  const table = new Table({
    ...(headings ? { head: headings } : {}),
    style: styleFor(stream),
    chars: compact,
    ...(widths ? { colWidths: widths, wordWrap: true } : {}),
  });
  table.push(...rows.map((row) => pick(row).map(cell)));
  const dropped = head ? head.filter((_, index) => !shown.includes(index)) : [];
  const text = table.toString();
  const headingLines = Math.max(1, ...(headings ?? []).map((heading) => heading.split('\n').length));
  return { text: `${headings ? underHeading(text, headingLines) : text}\n`, dropped };
}

export function list({ stream, columns, notice }: OutputOptions): RecordSink {
  const records: Row[] = [];
  return {
    write: async (record) => {
      records.push(record);
    },
    end: async () => {
      const first = records[0];
      if (!first && !columns?.length) return writeText(stream, '(none)\n');
      const head = first ? columnsOf(first, columns) : [...(columns ?? [])];
      const { text, dropped } = render(
        stream,
        head,
        records.map((record) => head.map((column) => cellText(record[column]))),
      );
      await writeText(stream, text);
      if (dropped.length)
        notice?.(
          `left out ${dropped.join(', ')} to fit ${widthFor(stream)} columns; see them with --columns or -o json`,
        );
    },
  };
}

export function one({ stream, columns }: OutputOptions, record: Row): Promise<void> {
  const pairs = columnsOf(record, columns).map((field) => [field, cellText(record[field])]);
  return writeText(stream, render(stream, undefined, pairs).text);
}
