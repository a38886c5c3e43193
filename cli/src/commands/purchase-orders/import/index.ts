// `whctl purchase-orders import`: create or update orders by po_number from CSV or NDJSON,
// through the shared import engine (src/import), and through bulk uploads on a location interface.
import { importCommand } from '../../../import/command.js';
import type { Importer } from '../../../import/run.js';
import { bulkImport } from './bulk.js';
import { CSV_COLUMNS, parseCsv } from './csv.js';
import { parseNdjson } from './ndjson.js';
import type { Order } from './rows.js';
import { orderWrites } from './writes.js';

const orders: Importer<Order> = {
  noun: 'orders',
  labelColumn: 'po_number',
  parse: ({ text, source, format }, delimiter) =>
    format === 'csv' ? parseCsv(text, source, delimiter) : parseNdjson(text),
  writes: orderWrites,
  batch: bulkImport,
};

export const importOrders = importCommand(orders, {
  description: 'create or update purchase orders by po_number from a CSV or NDJSON file; safe to run again',
  file: 'CSV (one row per line item, or per order as an export writes it) or NDJSON (one order per line)',
  columns: CSV_COLUMNS,
  details: `
A column present in the file is set on every order (an empty cell clears it; an empty
location_name leaves the order unassigned); a column left out leaves that field as it is.
With a product_name column the file's rows are each order's complete line items; with a
purchase_order_items column (JSON, as an export writes it) each row is an order and that cell
its complete items. reference_numbers are separated by ";" or a JSON list; custom_values is a
JSON object whose keys are set (a null removes one).

On a location interface the orders go through its bulk upload, 200 to a request (a
location_name column must name that location). On the organization interface each order
costs two requests (a lookup by po_number, then a create or an update). Every write carries an
Idempotency-Key derived from the file and its rows, so a re-run never creates twice.`,
  examples: [
    'whctl purchase-orders import orders.csv',
    'whctl purchase-orders import - --format ndjson < orders.ndjson',
    'whctl purchase-orders import orders.csv --concurrency 2 --rate 60 -o csv > report.csv',
    "whctl purchase-orders import orders.ndjson --query '[].action'",
  ],
  queryExample: '[].action',
});
