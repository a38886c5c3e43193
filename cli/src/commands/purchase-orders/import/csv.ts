// CSV import files of purchase orders, in either of two shapes. Written by hand: a header row,
// then one row per line item (product_name, quantity, customer_name); rows with the same
// po_number form one order, and order columns may be left empty on all but one of its rows.
// Written by `whctl purchase-orders list -o csv`: one row per order, its items as JSON in a
// purchase_order_items cell, and the columns only answers carry, which are ignored.

import { isObject } from '@warehouse-kit/spec';
import { UsageError } from '../../../errors.js';
import { type CsvRow, readCsvTable } from '../../../import/csv-table.js';
import type { ParsedFile, RowError } from '../../../import/rows.js';
import { type ItemInput, itemsOf, ORDER_ANSWER_FIELDS, type Order } from './rows.js';

const ORDER_COLUMNS = [
  'location_name',
  'expected_starts_at',
  'expected_ends_at',
  'carrier_name',
  'notes',
  'reference_numbers',
  'custom_values',
  'purchase_order_items',
] as const;
const ITEM_COLUMNS = ['product_name', 'quantity', 'customer_name'] as const;
export const CSV_COLUMNS: readonly string[] = ['po_number', ...ORDER_COLUMNS, ...ITEM_COLUMNS];

function checkColumns(columns: string[], source: string): void {
  if (!columns.includes('po_number')) throw new UsageError(`${source}: a po_number column is required`);
  const itemColumns = columns.filter((column) => (ITEM_COLUMNS as readonly string[]).includes(column));
  if (itemColumns.length && columns.includes('purchase_order_items'))
    throw new UsageError(
      `${source}: give line items either as a purchase_order_items column (as an export writes it) ` +
        `or as ${ITEM_COLUMNS.join(', ')} columns, not both`,
    );
  if (itemColumns.length && !columns.includes('product_name'))
    throw new UsageError(`${source}: quantity and customer_name need a product_name column`);
}

/** The value an order column has on all of the order's rows that fill it in; empty everywhere is null. */
function orderValue(column: string, rows: CsvRow[]): string | null {
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

function json(column: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${column} is not valid JSON: ${JSON.stringify(text.slice(0, 60))}`);
  }
}

/** `A;B` as written by hand, or `["A","B"]` as an export writes the list. */
function referenceNumbers(text: string | null): string[] {
  if (text?.startsWith('[')) {
    const list = json('reference_numbers', text);
    if (!(Array.isArray(list) && list.every((entry) => typeof entry === 'string')))
      throw new Error('reference_numbers must be a JSON list of strings or separated by ";"');
    return list;
  }
  return (text ?? '')
    .split(';')
    .map((reference) => reference.trim())
    .filter(Boolean);
}

/** The field an order column sets; undefined leaves the field out (an empty custom_values cell sets nothing). */
function orderField(column: (typeof ORDER_COLUMNS)[number], text: string | null): unknown {
  if (column === 'reference_numbers') return referenceNumbers(text);
  if (column === 'purchase_order_items') return itemsOf(text === null ? [] : json(column, text));
  if (column === 'custom_values') {
    if (text === null) return undefined;
    const values = json(column, text);
    if (!isObject(values)) throw new Error('custom_values must be a JSON object');
    return values;
  }
  return text;
}

function item(cells: Record<string, string>): ItemInput | undefined {
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

function toOrder(poNumber: string, rows: CsvRow[], columns: string[]): Order {
  const fields: Record<string, unknown> = {};
  let items: ItemInput[] | undefined;
  for (const column of ORDER_COLUMNS) {
    if (!columns.includes(column)) continue;
    const value = orderField(column, orderValue(column, rows));
    if (column === 'purchase_order_items') items = value as ItemInput[];
    else if (value !== undefined) fields[column] = value;
  }
  if (columns.includes('product_name'))
    items = rows.flatMap(({ cells }) => {
      const entry = item(cells);
      return entry ? [entry] : [];
    });
  return { poNumber, fields, items };
}

export function parseCsv(text: string, source: string, delimiter: string): ParsedFile<Order> {
  const { columns, rows } = readCsvTable(text, source, { known: CSV_COLUMNS, ignored: ORDER_ANSWER_FIELDS }, delimiter);
  checkColumns(columns, source);
  const groups = new Map<string, CsvRow[]>();
  const errors: RowError[] = [];
  for (const row of rows) {
    const poNumber = row.cells.po_number!;
    if (!poNumber) errors.push({ line: row.line, label: undefined, error: 'po_number is empty' });
    else groups.set(poNumber, [...(groups.get(poNumber) ?? []), row]);
  }
  const records = [];
  for (const [poNumber, group] of groups) {
    try {
      records.push({ line: group[0]!.line, label: poNumber, record: toOrder(poNumber, group, columns) });
    } catch (error) {
      errors.push({ line: group[0]!.line, label: poNumber, error: (error as Error).message });
    }
  }
  return { records, errors };
}
