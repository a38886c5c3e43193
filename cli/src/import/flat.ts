// Import files of records without nested parts (products, companies): one CSV row or NDJSON
// line per record, each cell a field. What a resource's columns are and how a record is keyed
// is its FlatShape; reading the file is the same for all.
import { unwrap, type WarehouseClient } from '@warehouse-kit/sdk';
import { readCsvTable } from './csv-table.js';
import type { ImportInput } from './input.js';
import { readNdjson } from './ndjson-lines.js';
import { type ImportRecord, type ParsedFile, type RowError, withoutFields, withoutRepeats } from './rows.js';
import type { Importer } from './run.js';
import type { RecordWrites, Stored } from './upsert.js';

export type Flat = Record<string, unknown>;

/** A field's text when it has some, trimmed: what a key can be made of. */
export const filled = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** A record's fields as the file gives them, and its key (see FlatShape.keyOf). */
export interface FlatRecord {
  fields: Flat;
  key: [string, string];
}

/**
 * How a cell reads: `nullable` text, where an empty cell clears the field; `text`, where an empty
 * cell leaves the field as it is (a name, a type: nothing to clear); `boolean`, true or false,
 * empty leaving it as it is.
 */
export type CellKind = 'nullable' | 'text' | 'boolean';

export interface FlatShape {
  /** The collection's path, where a record is created (POST) and under which it is updated (PATCH). */
  path: '/products' | '/companies';
  /** The record's key in the API's requests, e.g. `product`, accepted around an NDJSON line. */
  wrapper: string;
  columns: Record<string, CellKind>;
  /** Fields only answers carry (id, timestamps): an export writes them, an import ignores them. */
  answerFields: readonly string[];
  /**
   * The record's key as compared and as a person reads it (`["toronto dc\napl-001", "sku APL-001"]`),
   * and what the report names it by; throws when the record has nothing to be found by.
   */
  keyOf(record: Flat): { key: [string, string]; label: string };
}

function cellValue(column: string, kind: CellKind, text: string): unknown {
  if (text === '') return kind === 'nullable' ? null : undefined;
  if (kind !== 'boolean') return text;
  const value = text.toLowerCase();
  if (value !== 'true' && value !== 'false') throw new Error(`${column} is ${JSON.stringify(text)}, not true or false`);
  return value === 'true';
}

/** Each CSV row's fields, by the shape's cell kinds. */
function csvRows(shape: FlatShape, input: ImportInput, delimiter: string): { line: number; read: () => Flat }[] {
  const known = Object.keys(shape.columns);
  const table = readCsvTable(input.text, input.source, { known, ignored: shape.answerFields }, delimiter);
  return table.rows.map(({ line, cells }) => ({
    line,
    read: () => {
      const fields: Flat = {};
      for (const [column, text] of Object.entries(cells)) {
        const value = cellValue(column, shape.columns[column]!, text);
        if (value !== undefined) fields[column] = value;
      }
      return fields;
    },
  }));
}

function parseFlat(shape: FlatShape, input: ImportInput, delimiter: string): ParsedFile<FlatRecord> {
  const errors: RowError[] = [];
  let rows: { line: number; read: () => Flat }[];
  if (input.format === 'csv') rows = csvRows(shape, input, delimiter);
  else {
    const ndjson = readNdjson(input.text, shape.wrapper);
    errors.push(...ndjson.errors);
    rows = ndjson.lines.map(({ line, value }) => ({ line, read: () => withoutFields(value, shape.answerFields) }));
  }
  const records: ImportRecord<FlatRecord>[] = [];
  for (const { line, read } of rows) {
    try {
      const fields = read();
      const { key, label } = shape.keyOf(fields);
      records.push({ line, label, record: { fields, key } });
    } catch (error) {
      errors.push({ line, label: undefined, error: (error as Error).message });
    }
  }
  return withoutRepeats({ records, errors }, ({ key }) => key);
}

// The writes are the same for every flat resource but for the path, which openapi-fetch types
// one by one; these calls go through an untyped view of the client.
type LooseCall = (path: string, init: object) => Promise<{ data?: Stored; error?: unknown; response: Response }>;

/**
 * A flat resource's writes: `find` as the resource finds a record by its key, a create by POST
 * with the import's Idempotency-Key, an update by PATCH of the record found, both with the
 * file's fields wrapped as the API takes them.
 */
function flatWrites<E extends Stored>(
  shape: FlatShape,
  find: (client: WarehouseClient, record: FlatRecord) => Promise<E | undefined>,
): RecordWrites<FlatRecord, E> {
  const loose = (client: WarehouseClient) => client as unknown as { POST: LooseCall; PATCH: LooseCall };
  return {
    find,
    create: (client, { fields }, key) =>
      unwrap(
        loose(client).POST(shape.path, {
          params: { header: { 'Idempotency-Key': key } },
          body: { [shape.wrapper]: fields },
        }),
      ),
    update: (client, existing, { fields }) =>
      unwrap(
        loose(client).PATCH(`${shape.path}/{id}`, {
          params: { path: { id: existing.id } },
          body: { [shape.wrapper]: fields },
        }),
      ),
  };
}

/** The import of a flat resource, whose report names each record by its name. */
export function flatImporter<E extends Stored>(
  noun: string,
  shape: FlatShape,
  find: (client: WarehouseClient, record: FlatRecord) => Promise<E | undefined>,
): Importer<FlatRecord> {
  return {
    noun,
    labelColumn: 'name',
    parse: (input, delimiter) => parseFlat(shape, input, delimiter),
    writes: flatWrites(shape, find),
  };
}
