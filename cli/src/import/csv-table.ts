// A CSV import file as a table: its header checked against the columns a resource knows, then
// each row's cells by column with the line it ends on. A file that is not comma-separated (a
// spreadsheet saved with semicolons, say) is named as such instead of as one unknown column.

import { InvalidArgumentError } from 'commander';
import { parse } from 'csv-parse/sync';
import { UsageError } from '../errors.js';

export interface CsvColumns {
  /** Columns that set a field. */
  known: readonly string[];
  /** Columns an export writes that an import accepts and ignores (ids, timestamps). */
  ignored: readonly string[];
}

export interface CsvRow {
  /** The file line the row ends on, for the report. */
  line: number;
  /** Trimmed, by column; the ignored columns are left out. */
  cells: Record<string, string>;
}

export interface CsvTable {
  /** The file's known columns, in its order. */
  columns: string[];
  rows: CsvRow[];
}

const DELIMITERS: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

/** `--delimiter`: one of the separators spreadsheets write, `tab` spelt out. */
export function delimiterOption(value: string): string {
  const delimiter = value === 'tab' || value === '\\t' ? '\t' : value;
  if (!(delimiter in DELIMITERS)) throw new InvalidArgumentError("expected one of , ; | or tab, e.g. --delimiter ';'");
  return delimiter;
}

const shown = (delimiter: string) => (delimiter === '\t' ? 'tab' : `'${delimiter}'`);

/** Why the header cannot be this file's, when another separator or NDJSON explains it; else undefined. */
function misread(text: string, delimiter: string, columns: CsvColumns): string | undefined {
  const first = text.replace(/^\uFEFF/, '').trimStart();
  if (first.startsWith('{')) return 'looks like NDJSON, not CSV; pass --format ndjson';
  const header = first.split(/\r?\n/, 1)[0] ?? '';
  const names = new Set([...columns.known, ...columns.ignored]);
  for (const candidate of Object.keys(DELIMITERS)) {
    if (candidate === delimiter) continue;
    const cells = header.split(candidate).map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
    if (cells.length > 1 && cells.every((cell) => names.has(cell)))
      return (
        `looks ${DELIMITERS[candidate]}-separated, not ${DELIMITERS[delimiter]}-separated; ` +
        `pass --delimiter ${shown(candidate)}`
      );
  }
  return undefined;
}

function checkHeader(header: string[], text: string, source: string, delimiter: string, columns: CsvColumns) {
  const names = header.map((column) => column.trim());
  const unknown = names.find((column) => !columns.known.includes(column) && !columns.ignored.includes(column));
  if (unknown !== undefined) {
    const reason = misread(text, delimiter, columns);
    if (reason) throw new UsageError(`${source} ${reason}`);
    // A misspelt column silently ignored would import the wrong data.
    throw new UsageError(
      `${source}: unknown column ${JSON.stringify(unknown)} (known: ${columns.known.join(', ')}; ` +
        `ignored, as an export writes them: ${columns.ignored.join(', ')})`,
    );
  }
  const repeated = names.find((column, index) => names.indexOf(column) !== index);
  if (repeated !== undefined) throw new UsageError(`${source}: column ${repeated} appears twice`);
  return names;
}

export function readCsvTable(text: string, source: string, columns: CsvColumns, delimiter = ','): CsvTable {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file (csv-parse's types miss this).
    records = parse(text, { bom: true, skip_empty_lines: true, info: true, delimiter }) as unknown as typeof records;
  } catch (error) {
    const reason = misread(text, delimiter, columns);
    throw new UsageError(`${source} ${reason ?? `is not valid CSV: ${(error as Error).message}`}`);
  }
  const header = records[0]?.record;
  if (!header) throw new UsageError(`${source} is empty`);
  const names = checkHeader(header, text, source, delimiter, columns);
  const rows = records.slice(1).map(({ record, info }) => {
    const cells: Record<string, string> = {};
    names.forEach((column, index) => {
      if (columns.known.includes(column)) cells[column] = (record[index] ?? '').trim();
    });
    return { line: info.lines, cells };
  });
  return { columns: names.filter((column) => columns.known.includes(column)), rows };
}
