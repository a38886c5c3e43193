// Newline-delimited JSON: one compact record per line, for jq, grep and `whctl ... import`.

import type { Row } from '../cells.js';
import type { OutputOptions, RecordSink } from '../format.js';
import { writeText } from '../write.js';

export function list({ stream }: OutputOptions): RecordSink {
  return { write: (record) => writeText(stream, `${JSON.stringify(record)}\n`), end: async () => undefined };
}

export function one(options: OutputOptions, record: Row): Promise<void> {
  return list(options).write(record);
}
