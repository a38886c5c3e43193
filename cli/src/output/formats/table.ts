// Tables for a person at a terminal: a list as rows under a header, one record as field and
// value pairs. A table's column widths depend on every row, so a list is rendered at its end.
import Table from 'cli-table3';
import { cellText, columnsOf, type Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../sink.js';
import { writeText } from '../write.js';

type Stream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

// Bold headings on a terminal only; no lines between rows, so more rows fit on a screen.
const styleFor = (stream: Stream) => ({ head: stream.isTTY ? ['bold'] : [], border: [] as string[] });
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };
const NARROWEST = 8;

/**
 * Column widths that fit the terminal: when the natural widths are too wide, the widest
 * columns are narrowed to one common cap and their text wraps, so long values such as an
 * import's error messages stay readable instead of running off the screen.
 */
function fittedWidths(rows: string[][], terminal: number | undefined): { colWidths?: number[]; wordWrap?: boolean } {
  const natural = rows[0]!.map(
    (_, index) => Math.max(...rows.map((row) => Math.max(...row[index]!.split('\n').map((line) => line.length)))) + 2,
  );
  const available = (terminal ?? Infinity) - (natural.length + 1);
  const total = (cap: number) => natural.reduce((sum, width) => sum + Math.min(width, cap), 0);
  if (total(Infinity) <= available) return {};
  let cap = Math.max(...natural);
  while (cap > NARROWEST && total(cap) > available) cap--;
  return { colWidths: natural.map((width) => Math.min(width, cap)), wordWrap: true };
}

function render(stream: Stream, head: string[] | undefined, rows: string[][]): string {
  const sized = fittedWidths(head ? [head, ...rows] : rows, stream.isTTY ? stream.columns : undefined);
  const table = new Table({ ...(head ? { head } : {}), style: styleFor(stream), chars: compact, ...sized });
  table.push(...rows);
  return `${table.toString()}\n`;
}

export function list({ stream, columns }: OutputOptions): RecordSink {
  const records: Row[] = [];
  return {
    write: async (record) => {
      records.push(record);
    },
    end: async () => {
      const first = records[0];
      if (!first && !columns?.length) return writeText(stream, '(none)\n');
      const head = first ? columnsOf(first, columns) : [...(columns ?? [])];
      return writeText(
        stream,
        render(
          stream,
          head,
          records.map((record) => head.map((column) => cellText(record[column]))),
        ),
      );
    },
  };
}

export function one({ stream, columns }: OutputOptions, record: Row): Promise<void> {
  return writeText(
    stream,
    render(
      stream,
      undefined,
      columnsOf(record, columns).map((field) => [field, cellText(record[field])]),
    ),
  );
}
