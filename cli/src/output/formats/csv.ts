// CSV (RFC 4180) with a header row: the chosen columns, or every field of the first record.
// Nested values are JSON in their cell, so an export loses nothing.
import { stringify } from 'csv-stringify/sync';
import { cellText, columnsOf, type Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../format.js';
import { writeText } from '../write.js';

export function list({ stream, columns }: OutputOptions): RecordSink {
  let header: string[] | undefined;
  return {
    write: (record) => {
      const rows: string[][] = [];
      if (!header) {
        header = columnsOf(record, columns);
        rows.push(header);
      }
      rows.push(header.map((column) => cellText(record[column])));
      return writeText(stream, stringify(rows));
    },
    end: async () => {
      // An empty list still says which columns it would have had, when they were chosen.
      if (!header && columns?.length) await writeText(stream, stringify([[...columns]]));
    },
  };
}

export async function one(options: OutputOptions, record: Row): Promise<void> {
  const sink = list(options);
  await sink.write(record);
  await sink.end();
}
