// Output formats, the shape each format module has, and the default: a table for a person at a
// terminal, JSON for a pipe.
import type { Row } from './cells.js';

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'yaml'] as const;
export type Format = (typeof FORMATS)[number];

export function defaultFormat(stdout: { isTTY?: boolean }): Format {
  return stdout.isTTY ? 'table' : 'json';
}

export interface RecordSink {
  write(record: Row): Promise<void>;
  /** Finishes the list: closes a JSON array, or renders the buffered table. */
  end(): Promise<void>;
}

export interface OutputOptions {
  format: Format;
  stream: NodeJS.WritableStream;
  /** Columns for table and CSV output; every field when absent. */
  columns?: readonly string[] | undefined;
  /** A line for a person on stderr, e.g. which columns a table left out to fit the terminal. */
  notice?: (message: string) => void;
}

/** What each module of formats/ exports. */
export interface FormatModule {
  list(options: OutputOptions): RecordSink;
  one(options: OutputOptions, record: Row): Promise<void>;
}
