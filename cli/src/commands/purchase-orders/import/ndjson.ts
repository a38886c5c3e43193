// NDJSON import files of purchase orders: one order per line with any field the API accepts
// (custom_values included) and its complete `purchase_order_items`, as written by hand or by
// `whctl purchase-orders list -o ndjson`, whose answer-only fields are ignored.
import { readNdjson } from '../../../import/ndjson-lines.js';
import { type ParsedFile, withoutFields, withoutRepeats } from '../../../import/rows.js';
import { itemsOf, ORDER_ANSWER_FIELDS, type Order } from './rows.js';

function toOrder(record: Record<string, unknown>): Order {
  const { po_number: poNumber, purchase_order_items: items, ...fields } = withoutFields(record, ORDER_ANSWER_FIELDS);
  if (typeof poNumber !== 'string' || !poNumber.trim()) throw new Error('po_number must be a non-empty string');
  return { poNumber, fields, items: items === undefined ? undefined : itemsOf(items) };
}

export function parseNdjson(text: string): ParsedFile<Order> {
  const { lines, errors } = readNdjson(text, 'purchase_order');
  const records = [];
  for (const { line, value } of lines) {
    try {
      const record = toOrder(value);
      records.push({ line, label: record.poNumber, record });
    } catch (error) {
      const label = typeof value.po_number === 'string' ? value.po_number : undefined;
      errors.push({ line, label, error: (error as Error).message });
    }
  }
  return withoutRepeats({ records, errors }, ({ poNumber }) => [poNumber, `po_number ${poNumber}`]);
}
