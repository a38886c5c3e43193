// YAML: a list is a sequence written item by item, which concatenates into one document.
import { stringify } from 'yaml';
import type { Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../format.js';
import { writeText } from '../write.js';

export function list({ stream }: OutputOptions): RecordSink {
  let count = 0;
  return {
    write: (record) => {
      count++;
      return writeText(stream, stringify([record]));
    },
    end: async () => {
      if (!count) await writeText(stream, '[]\n');
    },
  };
}

export function one({ stream }: OutputOptions, record: Row): Promise<void> {
  return writeText(stream, stringify(record));
}
