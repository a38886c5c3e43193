// Records out in the chosen format. A list is written as a sink, record by record, so that
// `--all` streams; each format lives in its own module, loaded only when used.
import type { Row } from './cells.js';
import type { Format } from './format.js';

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

interface FormatModule {
  list(options: OutputOptions): RecordSink;
  one(options: OutputOptions, record: Row): Promise<void>;
}

const modules: Record<Format, () => Promise<FormatModule>> = {
  table: () => import('./formats/table.js'),
  json: () => import('./formats/json.js'),
  ndjson: () => import('./formats/ndjson.js'),
  csv: () => import('./formats/csv.js'),
  yaml: () => import('./formats/yaml.js'),
};

export async function listSink(options: OutputOptions): Promise<RecordSink> {
  return (await modules[options.format]()).list(options);
}

export async function writeRecord(options: OutputOptions, record: Row): Promise<void> {
  await (await modules[options.format]()).one(options, record);
}
