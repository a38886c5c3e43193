// Tables for a person at a terminal: a list as rows under a header, one record as field and
// value pairs. A table's column widths depend on every row, so a list is rendered at its end.
import Table from 'cli-table3';
import { cellText, columnsOf, type Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../sink.js';
import { writeText } from '../write.js';

// Bold headings on a terminal only; no lines between rows, so more rows fit on a screen.
const styleFor = (stream: NodeJS.WritableStream) => ({ head: (stream as { isTTY?: boolean }).isTTY ? ['bold'] : [], border: [] as string[] });
const compact = { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' };

export function list({ stream, columns }: OutputOptions): RecordSink {
  const rows: Row[] = [];
  return {
    write: async (record) => {
      rows.push(record);
    },
    end: async () => {
      const first = rows[0];
      if (!first && !columns?.length) return writeText(stream, '(none)\n');
      const head = first ? columnsOf(first, columns) : [...(columns ?? [])];
      const table = new Table({ head, style: styleFor(stream), chars: compact });
      for (const row of rows) table.push(head.map((column) => cellText(row[column])));
      return writeText(stream, `${table.toString()}\n`);
    },
  };
}

export function one({ stream, columns }: OutputOptions, record: Row): Promise<void> {
  const table = new Table({ style: styleFor(stream), chars: compact });
  for (const field of columnsOf(record, columns)) table.push({ [field]: cellText(record[field]) });
  return writeText(stream, `${table.toString()}\n`);
}
