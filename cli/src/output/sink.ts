// Records out in the chosen format. A list is written as a sink, record by record, so that
// `--all` streams; each format lives in its own module, loaded only when used. This registry
// imports the formats and no format imports it: they share only format.ts.
import type { Row } from './cells.js';
import type { Format, FormatModule, OutputOptions, RecordSink } from './format.js';

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
