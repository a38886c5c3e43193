// CSV import files: a header row, then one row per line item; rows with the same po_number
// form one order. Order columns may be left empty on all but one of an order's rows.
import { parse } from 'csv-parse/sync';
import { UsageError } from '../../../errors.js';
import type { ImportOrder, ItemInput, ParsedFile, RowError } from './rows.js';

const ORDER_COLUMNS = [
  'location_name',
  'expected_starts_at',
  'expected_ends_at',
  'carrier_name',
  'notes',
  'reference_numbers',
] as const;
const ITEM_COLUMNS = ['product_name', 'quantity', 'customer_name'] as const;
export const CSV_COLUMNS: readonly string[] = ['po_number', ...ORDER_COLUMNS, ...ITEM_COLUMNS];

type Cells = Record<string, string>;

function readHeader(header: string[] | undefined, source: string): string[] {
  if (!header) throw new UsageError(`${source} is empty`);
  const columns = header.map((column) => column.trim());
  const unknown = columns.find((column) => !CSV_COLUMNS.includes(column));
  // A misspelt column silently ignored would import the wrong data.
  if (unknown !== undefined)
    throw new UsageError(`${source}: unknown column ${JSON.stringify(unknown)} (known: ${CSV_COLUMNS.join(', ')})`);
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated !== undefined) throw new UsageError(`${source}: column ${repeated} appears twice`);
  if (!columns.includes('po_number')) throw new UsageError(`${source}: a po_number column is required`);
  if (
    !columns.includes('product_name') &&
    columns.some((column) => (ITEM_COLUMNS as readonly string[]).includes(column))
  ) {
    throw new UsageError(`${source}: quantity and customer_name need a product_name column`);
  }
  return columns;
}

/** The value an order column has on all of the order's rows that fill it in; empty everywhere is null. */
function orderValue(column: string, rows: { line: number; cells: Cells }[]): string | null {
  const filled = rows.filter((row) => row.cells[column] !== '');
  const first = filled[0];
  const other = filled.find((row) => row.cells[column] !== first?.cells[column]);
  if (first && other)
    throw new Error(
      `${column} is ${JSON.stringify(first.cells[column])} on line ${first.line} but ` +
        `${JSON.stringify(other.cells[column])} on line ${other.line}`,
    );
  return first ? first.cells[column]! : null;
}

function item(cells: Cells): ItemInput | undefined {
  if (ITEM_COLUMNS.every((column) => !cells[column])) return undefined;
  if (!cells.product_name) throw new Error('a line item needs a product_name');
  const quantity = Number(cells.quantity);
  if (!cells.quantity || !Number.isFinite(quantity))
    throw new Error(`quantity ${JSON.stringify(cells.quantity ?? '')} is not a number`);
  return {
    product_name: cells.product_name,
    quantity,
    ...(cells.customer_name ? { customer_name: cells.customer_name } : {}),
  };
}

function toOrder(poNumber: string, rows: { line: number; cells: Cells }[], columns: string[]): ImportOrder {
  const fields: Record<string, unknown> = {};
  for (const column of ORDER_COLUMNS) {
    if (!columns.includes(column)) continue;
    const value = orderValue(column, rows);
    fields[column] =
      column === 'reference_numbers'
        ? (value ?? '')
            .split(';')
            .map((reference) => reference.trim())
            .filter(Boolean)
        : value;
  }
  const items = columns.includes('product_name')
    ? rows.flatMap(({ cells }) => {
        const entry = item(cells);
        return entry ? [entry] : [];
      })
    : undefined;
  return { line: rows[0]!.line, poNumber, fields, items };
}

export function parseCsv(text: string, source: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file (csv-parse's types miss this).
    records = parse(text, { bom: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new UsageError(`${source} is not valid CSV: ${(error as Error).message}`);
  }
  const columns = readHeader(records[0]?.record, source);
  const groups = new Map<string, { line: number; cells: Cells }[]>();
  const errors: RowError[] = [];
  for (const { record, info } of records.slice(1)) {
    const cells = Object.fromEntries(columns.map((column, index) => [column, (record[index] ?? '').trim()]));
    const poNumber = cells.po_number!;
    if (!poNumber) errors.push({ line: info.lines, poNumber: undefined, error: 'po_number is empty' });
    else groups.set(poNumber, [...(groups.get(poNumber) ?? []), { line: info.lines, cells }]);
  }
  const orders: ImportOrder[] = [];
  for (const [poNumber, rows] of groups) {
    try {
      orders.push(toOrder(poNumber, rows, columns));
    } catch (error) {
      errors.push({ line: rows[0]!.line, poNumber, error: (error as Error).message });
    }
  }
  return { orders, errors };
}
