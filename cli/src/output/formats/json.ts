// JSON: one record as an object, a list as an array written element by element.

import type { Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../format.js';
import { writeText } from '../write.js';

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function list({ stream }: OutputOptions): RecordSink {
  let count = 0;
  return {
    write: (record) => writeText(stream, `${count++ ? ',' : '['}\n  ${pretty(record).replace(/\n/g, '\n  ')}`),
    end: () => writeText(stream, count ? '\n]\n' : '[]\n'),
  };
}

export function one({ stream }: OutputOptions, record: Row): Promise<void> {
  return writeText(stream, `${pretty(record)}\n`);
}
